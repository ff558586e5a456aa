#!/usr/bin/env python3
"""The cases of CuTe's tutorial examples (examples/cute/tutorial/*.cu of CuTe 4.2, as the
oracle installs them): each kernel runs as one chosen thread, called by its host code as
written, with the wrapping a host run needs marked `// [wrap]` on each line it adds or
changes (std::vector for thrust's vectors, the launch `<<<...>>>` as a call, small
problem sizes, a print of what the thread wrote). Writes the case file for snippets.py:

  gen_tutorial_cases.py scripts/oracle/tutorial_cases.cpp
  snippets.py --titled scripts/oracle/tutorial_cases.cpp tests/golden/tutorials.jsonl
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from cute_oracle import ensure_headers  # noqa: E402

TUTORIAL = os.path.join(os.path.dirname(ensure_headers()[0]), "examples", "cute", "tutorial")


def read(name):
    with open(os.path.join(TUTORIAL, name)) as f:
        return f.read()


def sub(body, subs):
    for a,b in subs:
        assert a in body, a
        body=body.replace(a,b)
    return body

def tiled_copy():
    src=read('tiled_copy.cu')
    body=src[src.index('/// Simple copy kernel.'):]
    body=sub(body,[
     ('thrust::host_vector<Element> h_S(size(tensor_shape));','std::vector<Element> h_S(size(tensor_shape));  // [wrap] thrust::host_vector is std::vector'),
     ('thrust::host_vector<Element> h_D(size(tensor_shape));','std::vector<Element> h_D(size(tensor_shape));  // [wrap] thrust::host_vector is std::vector'),
     ('  thrust::device_vector<Element> d_S = h_S;\n','  // [wrap] thrust::device_vector<Element> d_S = h_S;  (one memory)\n'),
     ('  thrust::device_vector<Element> d_D = h_D;\n','  // [wrap] thrust::device_vector<Element> d_D = h_D;  (one memory)\n'),
     ('Tensor tensor_S = make_tensor(make_gmem_ptr(thrust::raw_pointer_cast(d_S.data())), make_layout(tensor_shape));','Tensor tensor_S = make_tensor(make_gmem_ptr(h_S.data()), make_layout(tensor_shape));  // [wrap] h_S.data() for thrust::raw_pointer_cast(d_S.data())'),
     ('Tensor tensor_D = make_tensor(make_gmem_ptr(thrust::raw_pointer_cast(d_D.data())), make_layout(tensor_shape));','Tensor tensor_D = make_tensor(make_gmem_ptr(h_D.data()), make_layout(tensor_shape));  // [wrap] h_D.data() for thrust::raw_pointer_cast(d_D.data())'),
     ('copy_kernel_vectorized<<< gridDim, blockDim >>>(','copy_kernel_vectorized(  // [wrap] the launch runs the chosen thread'),
    ])
    k=body.index('  cudaError result = cudaDeviceSynchronize();')
    body=body[:k]+'''  // [wrap] in place of the synchronization and the check of every element: what this thread copied
  int copied = 0, first = -1, last = -1;                                   // [wrap]
  for (int i = 0; i < int(h_D.size()); ++i) {                              // [wrap]
    if (h_D[i] != h_S[i]) continue;                                        // [wrap]
    ++copied; if (first < 0) first = i; last = i;                          // [wrap]
  }                                                                        // [wrap]
  printf("copied %d, from %d to %d\\n", copied, first, last);              // [wrap]
  print(tiled_tensor_S); print("\\n"); print(tiled_copy);                   // [wrap]
  return 0;
}
'''
    return ("tiled_copy.cu: copy_kernel_vectorized as thread 37 of block (1,2), the host program as written; wrap: std::vector for thrust's vectors, the launch as a call, a print of what the thread copied [thread=37 block=1,2 block_dim=256 grid_dim=2,8]", body)

CASES=[tiled_copy]

def sgemm(fname, kernel, launch_line, title, m=256, n=256, k=64, thread=17, block=(1,0), host_fn='gemm_nt', debug=False):
    src=read(fname)
    if debug:
        src=src.replace('#if 0\n  if(thread0())','#if 1  // [wrap] #if 0 in the tutorial\n  if(thread0())').replace('#if 0\n  print(copyA);','#if 1  // [wrap] #if 0 in the tutorial\n  print(copyA);')
    a=src.index('template', src.index('#include "cutlass/util/helper_cuda.hpp"'))
    # kernel and host functions up to the dispatching gemm()
    end=src.index('template <class TA, class TB, class TC,\n          class Alpha, class Beta>\nvoid\ngemm(char transA')
    body=src[a:end]
    body=body.replace(',\n        cudaStream_t stream = 0)', ')  // [wrap] without the stream parameter, cudaStream_t stream = 0')
    assert launch_line in body, launch_line
    body=body.replace(launch_line, '  '+kernel+'(  // [wrap] the launch runs the chosen thread: '+launch_line.strip().split(chr(10))[0]+chr(10)+'       ')
    main=f'''int main() {{                                                      // [wrap]
  int m = {m}, n = {n}, k = {k};                                    // [wrap]
  std::vector<float> h_A(m*k), h_B(n*k), h_C(m*n);                  // [wrap]
  for (int j = 0; j < m*k; ++j) h_A[j] = j % 5 + 1;                 // [wrap]
  for (int j = 0; j < n*k; ++j) h_B[j] = j % 3 + 1;                 // [wrap]
  for (int j = 0; j < m*n; ++j) h_C[j] = -1;                        // [wrap]
  float alpha = 1.0, beta = 0.0;                                    // [wrap]
  {host_fn}(m, n, k, alpha, h_A.data(), {'m' if host_fn=='gemm_nt' else 'k'}, h_B.data(), {'n' if host_fn=='gemm_nt' else 'k'}, beta, h_C.data(), m);  // [wrap]
  int written = 0; double sum = 0;                                  // [wrap]
  for (int j = 0; j < m*n; ++j) if (h_C[j] != -1) {{ ++written; sum += h_C[j]; }}  // [wrap]
  printf("%d written, sum %.1f, C[0] %.1f\\n", written, sum, h_C[0]);  // [wrap]
}}                                                                  // [wrap]
'''
    return (f"{title} [thread={thread} block={block[0]},{block[1]}]", body+main)

def sgemm_1_nt():
    return sgemm('sgemm_1.cu','gemm_device','  gemm_device<<<dimGrid, dimBlock, 0, stream>>>\n      (', "sgemm_1.cu: gemm_device as thread 17 of block (1,0), set up by gemm_nt as written; wrap: gemm_nt without its stream, the launch as a call, main with m = n = 256, k = 64 and small integer data, a print of what the thread wrote")


def _s(fname, host_fn, thread, block, k=64, debug=False):
    launch='  gemm_device<<<dimGrid, dimBlock, 0, stream>>>\n      ('
    name=fname.split('.')[0]
    extra = ", the tutorial's debug prints turned on (#if 1 for #if 0)" if debug else ""
    return sgemm(fname,'gemm_device',launch,
        f"{fname}: gemm_device as thread {thread} of block ({block[0]},{block[1]}), set up by {host_fn} as written; wrap: {host_fn} without its stream, the launch as a call, main with m = n = 256, k = {k} and small integer data, a print of what the thread wrote{extra}",
        thread=thread, block=block, host_fn=host_fn, k=k, debug=debug)

def sgemm_1_tn(): return _s('sgemm_1.cu','gemm_tn',200,(0,1))
def sgemm_2_nt(): return _s('sgemm_2.cu','gemm_nt',5,(1,1))
def sgemm_2_tn(): return _s('sgemm_2.cu','gemm_tn',130,(0,0))
def sgemm_sm70_nt(): return _s('sgemm_sm70.cu','gemm_nt',77,(1,0))
def sgemm_1_dbg(): return _s('sgemm_1.cu','gemm_nt',0,(0,0),debug=True)
def sgemm_2_dbg(): return _s('sgemm_2.cu','gemm_nt',0,(0,0),debug=True)
def sgemm_sm70_dbg(): return _s('sgemm_sm70.cu','gemm_tn',0,(0,0),debug=True)


def sgemm_sm80_host():
    src=read('sgemm_sm80.cu')
    a=src.index('  // Define shapes (dynamic)', src.index('gemm_tn(int m'))
    e=src.index('  int smem_size', a)
    body=src[a:e].replace('#if 0\n  print(copyA);','#if 1  // [wrap] #if 0 in the tutorial\n  print(copyA);')
    head='''int m = 256, n = 256, k = 64;                      // [wrap]
int ldA = k, ldB = k, ldC = m;                     // [wrap]
'''
    tail='''print(sA); print("\\n"); print(sB); print("\\n"); print(sC); print("\\n");  // [wrap]
print(s2r_atom_A);                                                       // [wrap]
'''
    return ("sgemm_sm80.cu: the host setup of gemm_tn (its kernel's MMA and cp.async run only on a GPU); wrap: m, n, k and the leading dimensions, the tutorial's print of the tiled copies and MMA turned on (#if 1 for #if 0), a print of the smem layouts", head+body+tail)

def tiled_copy_if():
    src=read('tiled_copy_if.cu')
    body=src[src.index('template <class TensorS, class TensorD, class BlockShape, class ThreadLayout>'):]
    body=sub(body,[
     ('thrust::host_vector<Element> h_S(size(tensor_shape));','std::vector<Element> h_S(size(tensor_shape));  // [wrap] thrust::host_vector is std::vector'),
     ('thrust::host_vector<Element> h_D(size(tensor_shape));','std::vector<Element> h_D(size(tensor_shape));  // [wrap] thrust::host_vector is std::vector'),
     ('  thrust::device_vector<Element> d_S = h_S;\n','  // [wrap] thrust::device_vector<Element> d_S = h_S;  (one memory)\n'),
     ('  thrust::device_vector<Element> d_D = h_D;\n','  // [wrap] thrust::device_vector<Element> d_D = h_D;  (one memory)\n'),
     ('  thrust::device_vector<Element> d_Zero = h_D;\n','  // [wrap] thrust::device_vector<Element> d_Zero = h_D;  (one memory)\n'),
     ('make_gmem_ptr(d_S.data().get())','make_gmem_ptr(h_S.data())'),
     ('make_gmem_ptr(d_D.data().get())','make_gmem_ptr(h_D.data())'),
     ('copy_if_kernel<<< gridDim, blockDim >>>(','copy_if_kernel(  // [wrap] the launch runs the chosen thread'),
    ])
    k=body.index('  cudaError result = cudaDeviceSynchronize();')
    body=body[:k]+'''  // [wrap] in place of the synchronization, the check of every element and the vectorized kernel: what this thread copied
  int copied = 0, first = -1, last = -1;                                   // [wrap]
  for (int i = 0; i < int(h_D.size()); ++i) {                              // [wrap]
    if (h_D[i] != h_S[i]) continue;                                        // [wrap]
    ++copied; if (first < 0) first = i; last = i;                          // [wrap]
  }                                                                        // [wrap]
  printf("copied %d, from %d to %d\\n", copied, first, last);              // [wrap]
  return 0;
}
'''
    return ("tiled_copy_if.cu: copy_if_kernel as thread 200 of block (4,4), the block past both ends of the 528x300 tensor, the host program as written; wrap: std::vector for thrust's vectors, the launch as a call, a print of what the thread copied [thread=200 block=4,4 block_dim=256 grid_dim=5,5]", body)

CASES=[tiled_copy, sgemm_1_nt, sgemm_1_tn, sgemm_1_dbg, sgemm_2_nt, sgemm_2_tn, sgemm_2_dbg, sgemm_sm70_nt, sgemm_sm70_dbg, sgemm_sm80_host, tiled_copy_if]
if __name__=='__main__':
    import sys
    out=open(sys.argv[1],'w')
    for f in CASES:
        t,b=f()
        out.write(f"// ---- {t}\n{b.rstrip()}\n")
