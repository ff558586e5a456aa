// ---- signedness 11.0
uint32_t a = 1u; uint64_t b = 1u; a &= b; print(a);
// ---- signedness 11.1
long long a = -5ll; long b = 1u; a ^= b; print(a);
// ---- signedness 11.2
long a = 1u; int64_t b = 7; print(a * b);
// ---- signedness 11.3
uint64_t a = -3; auto b = 2ull; bool c = true; print(c ? a : b);
// ---- signedness 11.4
size_t a = -5ll; int b = -1; print(a + b);
// ---- signedness 11.5
long long a = 2ull; long long b = 2u; print(a >> b >> 1u);
// ---- signedness 11.6
uint32_t a = 2; size_t b = -5ll; print((a / b) < 0);
// ---- signedness 11.7
ptrdiff_t a = -3; uint32_t b = -1; print((a == b) < 0);
// ---- signedness 11.8
ptrdiff_t a = -5ll; unsigned b = 31u; print(a << b << 1u);
// ---- signedness 11.9
long long a = 7; uint64_t b = -3; a -= b; print(a);
// ---- signedness 11.10
int64_t a = -1; unsigned b = 7; print(a >= b);
// ---- signedness 11.11
int a = -3; unsigned long b = 2; print(a / b);
// ---- signedness 11.12
uint32_t a = 100000; unsigned b = 100000; a -= b; print(a);
// ---- signedness 11.13
unsigned long a = 7; long long b = 3000000000; print(a - b - 1u);
// ---- signedness 11.14
short a = 100000; int b = -1; print((a * b) - 1);
// ---- signedness 11.15
auto a = -3; int64_t b = -3; bool c = true; print(c ? a : b);
// ---- signedness 11.16
unsigned long a = 2; uint64_t b = 1u; print((a & b) - 1);
// ---- signedness 11.17
auto a = 100000; long b = 100000; bool c = false; print(c ? a : b);
// ---- signedness 11.18
long long a = 7; int b = 2ull; print(a % b);
// ---- signedness 11.19
long long a = 100000; long b = 2ull; a ^= b; print(a);
// ---- signedness 11.20
int64_t a = 0; int b = 2; print(a == b == 1u);
// ---- signedness 11.21
int a = 3000000000; size_t b = 7; print(a >= b);
// ---- signedness 11.22
int64_t a = 2; int64_t b = 2ull; print((a ^ b) - 1);
// ---- signedness 11.23
int a = 3000000000; size_t b = 3000000000; bool c = true; print(c ? a : b);
// ---- signedness 11.24
size_t a = 2ull; uint32_t b = 0; print((a >= b) - 1);
// ---- signedness 11.25
unsigned long a = 7; long b = 2; print((a | b) - 1);
// ---- signedness 11.26
auto a = 0; long long b = -5ll; print((a / b) < 0);
// ---- signedness 11.27
unsigned a = 2ull; uint32_t b = -1; print(a >= b);
// ---- signedness 11.28
int64_t a = -3; int64_t b = -5ll; print((a % b) - 1);
// ---- signedness 11.29
auto a = 100000; auto b = 7; print(a >= b);
// ---- signedness 11.30
uint32_t a = -5ll; ptrdiff_t b = 1; print((a << b) - 1);
// ---- signedness 11.31
long long a = -5ll; uint32_t b = 2ull; print(a | b);
// ---- signedness 11.32
ptrdiff_t a = 2; long long b = -3; print(a - b - 1u);
// ---- signedness 11.33
unsigned a = 2; uint32_t b = -3; print((a + b) - 1);
// ---- signedness 11.34
ptrdiff_t a = -5ll; short b = 2ull; print(a * b);
// ---- signedness 11.35
short a = 1u; long b = 3000000000; print((a ^ b) < 0);
// ---- signedness 11.36
auto a = 2ull; uint64_t b = 0; print(a | b);
// ---- signedness 11.37
int a = 3000000000; uint32_t b = 7; print(a + b);
// ---- signedness 11.38
size_t a = -1; unsigned long b = 1u; print((a - b) < 0);
// ---- signedness 11.39
ptrdiff_t a = 0; short b = -1; bool c = false; print(c ? a : b);
// ---- signedness 11.40
auto a = 0; int b = 3000000000; print(a < b);
// ---- signedness 11.41
unsigned long a = -1; uint32_t b = 1; bool c = true; print(c ? a : b);
// ---- signedness 11.42
size_t a = 100000; unsigned long b = 100000; print(a | b);
// ---- signedness 11.43
size_t a = -1; int64_t b = -1; print(a ^ b);
// ---- signedness 11.44
ptrdiff_t a = 3000000000; unsigned b = 2u; bool c = false; print(c ? a : b);
// ---- signedness 11.45
uint64_t a = -5ll; int64_t b = -5ll; print(a + b + 1u);
// ---- signedness 11.46
size_t a = 1u; int64_t b = -3; print((a / b) < 0);
// ---- signedness 11.47
int64_t a = 2ull; uint32_t b = 1u; print(a % b);
// ---- signedness 11.48
short a = 0; ptrdiff_t b = 2ull; a /= b; print(a);
// ---- signedness 11.49
long a = 1u; short b = 1u; print(a / b / 1u);
// ---- signedness 11.50
unsigned a = 7; unsigned long b = 2; bool c = true; print(c ? a : b);
// ---- signedness 11.51
long long a = 2; unsigned b = 2ull; print((a < b) - 1);
// ---- signedness 11.52
long a = 1u; long b = 3000000000; print((a + b) < 0);
// ---- signedness 11.53
int64_t a = 0; ptrdiff_t b = -1; bool c = false; print(c ? a : b);
// ---- signedness 11.54
long long a = 100000; unsigned b = -5ll; print((a == b) < 0);
// ---- signedness 11.55
short a = 2ull; auto b = 1u; print(a < b);
// ---- signedness 11.56
int a = 2ull; ptrdiff_t b = -3; print((a ^ b) < 0);
// ---- signedness 11.57
ptrdiff_t a = 3000000000; size_t b = 7; a ^= b; print(a);
// ---- signedness 11.58
int a = 0; unsigned long b = 100000; print((a == b) - 1);
// ---- signedness 11.59
int a = 2; ptrdiff_t b = 1; print((a >> b) < 0);
// ---- signedness 11.60
int64_t a = -1; uint32_t b = -5ll; print((a ^ b) < 0);
// ---- signedness 11.61
short a = 2; int64_t b = 2; print(a == b == 1u);
// ---- signedness 11.62
long a = -3; auto b = 1u; print((a & b) < 0);
// ---- signedness 11.63
int a = 2; long b = 31u; a >>= b; print(a);
// ---- signedness 11.64
auto a = -5ll; uint64_t b = 3; bool c = true; print(c ? a : b);
// ---- signedness 11.65
int64_t a = 100000; unsigned b = 0; bool c = true; print(c ? a : b);
// ---- signedness 11.66
unsigned long a = 100000; int b = -5ll; print((a | b) < 0);
// ---- signedness 11.67
uint64_t a = 1u; short b = 3000000000; print((a ^ b) - 1);
// ---- signedness 11.68
int64_t a = -1; auto b = 2; bool c = true; print(c ? a : b);
// ---- signedness 11.69
ptrdiff_t a = 3000000000; uint64_t b = 1; print(a << b << 1u);
// ---- signedness 11.70
uint64_t a = -3; int64_t b = 1u; print(a < b);
// ---- signedness 11.71
unsigned a = 1u; ptrdiff_t b = -3; print(a / b);
// ---- signedness 11.72
unsigned a = 0; int b = -5ll; print((a < b) < 0);
// ---- signedness 11.73
long a = 0; uint32_t b = 2u; bool c = true; print(c ? a : b);
// ---- signedness 11.74
long long a = -5ll; uint32_t b = -5ll; print((a % b) < 0);
// ---- signedness 11.75
uint64_t a = 0; unsigned long b = -5ll; a &= b; print(a);
// ---- signedness 11.76
ptrdiff_t a = 100000; ptrdiff_t b = 2ull; print(a / b / 1u);
// ---- signedness 11.77
long a = -5ll; uint64_t b = 7; bool c = true; print(c ? a : b);
// ---- signedness 11.78
unsigned a = -1; uint64_t b = -5ll; a += b; print(a);
// ---- signedness 11.79
unsigned a = -5ll; int b = -3; bool c = true; print(c ? a : b);
// ---- signedness 11.80
uint32_t a = 0; int64_t b = -1; bool c = false; print(c ? a : b);
// ---- signedness 11.81
unsigned a = 2; ptrdiff_t b = 1u; print((a == b) - 1);
// ---- signedness 11.82
short a = 1u; unsigned b = -5ll; print(a < b);
// ---- signedness 11.83
long long a = 2ull; unsigned b = -3; print((a % b) - 1);
// ---- signedness 11.84
auto a = -3; int b = 2; print((a * b) - 1);
// ---- signedness 11.85
int a = 7; unsigned long b = 31u; print((a << b) - 1);
// ---- signedness 11.86
size_t a = -1; uint32_t b = 1; a <<= b; print(a);
// ---- signedness 11.87
size_t a = 2; ptrdiff_t b = -5ll; print(a >= b);
// ---- signedness 11.88
unsigned a = 100000; unsigned long b = -5ll; print((a | b) - 1);
// ---- signedness 11.89
uint64_t a = -5ll; long long b = 2; print((a & b) - 1);
// ---- signedness 11.90
uint64_t a = 2ull; size_t b = 7; print((a / b) < 0);
// ---- signedness 11.91
unsigned long a = 0; short b = 3000000000; print(a | b | 1u);
// ---- signedness 11.92
long long a = 2; long long b = -1; print((a * b) - 1);
// ---- signedness 11.93
long a = -1; auto b = 7; print(a >= b);
// ---- signedness 11.94
unsigned a = -5ll; unsigned b = 7; bool c = true; print(c ? a : b);
// ---- signedness 11.95
int64_t a = 2ull; long long b = 3000000000; print(a < b);
// ---- signedness 11.96
auto a = 3000000000; uint64_t b = -5ll; print((a ^ b) - 1);
// ---- signedness 11.97
int64_t a = -1; uint32_t b = -3; a += b; print(a);
// ---- signedness 11.98
size_t a = 2ull; uint64_t b = 1u; print((a * b) - 1);
// ---- signedness 11.99
long a = 2; int64_t b = 0; print(a * b * 1u);
// ---- signedness 11.100
unsigned long a = 2ull; int64_t b = -3; print((a * b) < 0);
// ---- signedness 11.101
uint32_t a = -1; int64_t b = 3000000000; bool c = false; print(c ? a : b);
// ---- signedness 11.102
uint64_t a = 100000; short b = 2; print(a | b | 1u);
// ---- signedness 11.103
int a = -3; unsigned long b = 2; bool c = false; print(c ? a : b);
// ---- signedness 11.104
short a = 3000000000; auto b = 100000; a /= b; print(a);
// ---- signedness 11.105
long a = -5ll; int64_t b = -3; print(a < b);
// ---- signedness 11.106
auto a = 100000; unsigned long b = 2ull; print((a | b) - 1);
// ---- signedness 11.107
uint64_t a = 3000000000; size_t b = 7; print(a % b);
// ---- signedness 11.108
auto a = 0; auto b = 100000; print(a * b * 1u);
// ---- signedness 11.109
uint64_t a = 3000000000; auto b = 3; bool c = true; print(c ? a : b);
// ---- signedness 11.110
auto a = -1; long b = 3000000000; bool c = true; print(c ? a : b);
// ---- signedness 11.111
int a = 2ull; short b = -3; print(a / b / 1u);
// ---- signedness 11.112
unsigned long a = 3000000000; ptrdiff_t b = 2; bool c = true; print(c ? a : b);
// ---- signedness 11.113
uint64_t a = 100000; int64_t b = -5ll; print((a == b) < 0);
// ---- signedness 11.114
long long a = -1; auto b = 100000; print(a | b);
// ---- signedness 11.115
int64_t a = -1; size_t b = 2; bool c = false; print(c ? a : b);
// ---- signedness 11.116
uint64_t a = 2; int b = 100000; print(a + b);
// ---- signedness 11.117
ptrdiff_t a = 7; ptrdiff_t b = 3000000000; a &= b; print(a);
// ---- signedness 11.118
uint64_t a = -5ll; unsigned b = 2ull; print((a - b) < 0);
// ---- signedness 11.119
uint32_t a = -1; unsigned long b = -5ll; print((a | b) < 0);
// ---- signedness 11.120
int a = 0; unsigned b = 100000; print((a == b) - 1);
// ---- signedness 11.121
uint32_t a = 2ull; uint64_t b = 2ull; bool c = false; print(c ? a : b);
// ---- signedness 11.122
unsigned a = -5ll; ptrdiff_t b = 100000; print(a | b | 1u);
// ---- signedness 11.123
short a = 7; uint64_t b = 1u; print(a ^ b ^ 1u);
// ---- signedness 11.124
uint64_t a = 7; ptrdiff_t b = -3; print((a + b) - 1);
// ---- signedness 11.125
size_t a = 0; int b = 2u; print(a >> b);
// ---- signedness 11.126
short a = 100000; auto b = -3; print((a | b) < 0);
// ---- signedness 11.127
short a = 2; int64_t b = 2u; print(a << b << 1u);
// ---- signedness 11.128
long long a = -5ll; int b = 2u; print((a >> b) - 1);
// ---- signedness 11.129
long long a = -1; size_t b = -3; bool c = false; print(c ? a : b);
// ---- signedness 11.130
int64_t a = -3; long long b = 3000000000; print((a & b) - 1);
// ---- signedness 11.131
int64_t a = 1u; short b = 0; bool c = false; print(c ? a : b);
// ---- signedness 11.132
size_t a = 2ull; ptrdiff_t b = 100000; print((a < b) < 0);
// ---- signedness 11.133
uint64_t a = 7; long b = 7; bool c = true; print(c ? a : b);
// ---- signedness 11.134
uint64_t a = -5ll; ptrdiff_t b = 2ull; print(a < b < 1u);
// ---- signedness 11.135
ptrdiff_t a = 2ull; size_t b = 2ull; print((a / b) < 0);
// ---- signedness 11.136
ptrdiff_t a = 2; long long b = 2; print((a & b) < 0);
// ---- signedness 11.137
long long a = -3; unsigned long b = -3; print(a + b + 1u);
// ---- signedness 11.138
ptrdiff_t a = -3; unsigned b = 2ull; print(a + b);
// ---- signedness 11.139
long long a = 7; uint64_t b = 1; print((a >> b) < 0);
// ---- signedness 11.140
long a = 2; uint64_t b = 3000000000; bool c = false; print(c ? a : b);
// ---- signedness 11.141
long long a = 3000000000; short b = 3; print(a << b);
// ---- signedness 11.142
int64_t a = 2ull; uint32_t b = 2; bool c = false; print(c ? a : b);
// ---- signedness 11.143
unsigned a = 3000000000; long b = 0; a ^= b; print(a);
// ---- signedness 11.144
short a = -5ll; ptrdiff_t b = 0; print((a >= b) < 0);
// ---- signedness 11.145
short a = -1; size_t b = 1u; print(a < b);
// ---- signedness 11.146
uint64_t a = 100000; int64_t b = 2ull; bool c = false; print(c ? a : b);
// ---- signedness 11.147
ptrdiff_t a = -1; int b = 7; print((a / b) < 0);
// ---- signedness 11.148
size_t a = 7; int64_t b = 31u; print(a << b << 1u);
// ---- signedness 11.149
long a = 3000000000; long long b = 3000000000; print(a < b);
// ---- signedness 11.150
short a = 1u; auto b = 2ull; print((a | b) < 0);
// ---- signedness 11.151
ptrdiff_t a = -5ll; uint32_t b = 7; print(a == b == 1u);
// ---- signedness 11.152
long long a = -5ll; unsigned b = 2; print(a - b - 1u);
// ---- signedness 11.153
short a = 3000000000; int b = 100000; bool c = true; print(c ? a : b);
// ---- signedness 11.154
auto a = 3000000000; size_t b = 100000; print((a & b) - 1);
// ---- signedness 11.155
size_t a = 0; size_t b = 0; bool c = false; print(c ? a : b);
// ---- signedness 11.156
int a = -5ll; long long b = -3; print((a & b) - 1);
// ---- signedness 11.157
size_t a = -3; ptrdiff_t b = 100000; a -= b; print(a);
// ---- signedness 11.158
uint64_t a = -5ll; ptrdiff_t b = -1; print(a < b);
// ---- signedness 11.159
ptrdiff_t a = -1; auto b = 3000000000; print(a - b);
// ---- signedness 11.160
unsigned long a = 0; unsigned long b = 2u; print((a << b) - 1);
// ---- signedness 11.161
auto a = 1u; long long b = -5ll; bool c = false; print(c ? a : b);
// ---- signedness 11.162
short a = 3000000000; short b = 0; bool c = true; print(c ? a : b);
// ---- signedness 11.163
auto a = -3; size_t b = 31u; print(a >> b);
// ---- signedness 11.164
unsigned a = 1u; int64_t b = -5ll; print(a ^ b);
// ---- signedness 11.165
uint64_t a = -3; short b = -1; bool c = true; print(c ? a : b);
// ---- signedness 11.166
long long a = 0; auto b = 100000; print((a ^ b) - 1);
// ---- signedness 11.167
short a = 100000; long long b = 100000; print(a & b & 1u);
// ---- signedness 11.168
ptrdiff_t a = 1u; int b = 1; print(a << b << 1u);
// ---- signedness 11.169
unsigned long a = 0; long b = 2u; print(a >> b);
// ---- signedness 11.170
size_t a = -3; uint32_t b = 3000000000; print((a - b) - 1);
// ---- signedness 11.171
long a = 2; short b = 2ull; a /= b; print(a);
// ---- signedness 11.172
auto a = 2ull; uint32_t b = -5ll; bool c = true; print(c ? a : b);
// ---- signedness 11.173
ptrdiff_t a = 0; unsigned b = 7; a ^= b; print(a);
// ---- signedness 11.174
uint64_t a = 7; uint32_t b = 1u; print(a >= b >= 1u);
// ---- signedness 11.175
unsigned long a = -1; uint64_t b = 1u; bool c = true; print(c ? a : b);
// ---- signedness 11.176
long long a = 100000; long b = 31u; print(a >> b);
// ---- signedness 11.177
unsigned long a = -3; long long b = 1u; bool c = true; print(c ? a : b);
// ---- signedness 11.178
auto a = 2ull; unsigned b = 0; print((a >= b) - 1);
// ---- signedness 11.179
short a = 7; long b = -5ll; print((a * b) < 0);
// ---- signedness 11.180
auto a = 7; size_t b = -5ll; print(a & b);
// ---- signedness 11.181
long a = 0; size_t b = -3; print((a / b) - 1);
// ---- signedness 11.182
long a = 3000000000; int64_t b = 7; print((a | b) < 0);
// ---- signedness 11.183
uint64_t a = 1u; int64_t b = 1u; print((a - b) < 0);
// ---- signedness 11.184
size_t a = -5ll; uint64_t b = 7; print((a + b) - 1);
// ---- signedness 11.185
unsigned a = -1; long long b = 1u; print(a / b);
// ---- signedness 11.186
uint64_t a = -5ll; unsigned b = 1u; print(a * b * 1u);
// ---- signedness 11.187
short a = 100000; ptrdiff_t b = -1; print(a & b & 1u);
// ---- signedness 11.188
uint32_t a = -1; unsigned long b = 3000000000; print((a - b) < 0);
// ---- signedness 11.189
long a = 100000; int64_t b = 1; print((a << b) < 0);
// ---- signedness 11.190
uint32_t a = 100000; int b = 1u; print(a / b / 1u);
// ---- signedness 11.191
size_t a = 1u; int64_t b = 3; a >>= b; print(a);
// ---- signedness 11.192
long a = 100000; ptrdiff_t b = 31u; print(a << b << 1u);
// ---- signedness 11.193
unsigned a = -1; uint64_t b = 7; print((a / b) - 1);
// ---- signedness 11.194
unsigned a = -1; auto b = 3000000000; print(a % b % 1u);
// ---- signedness 11.195
size_t a = 3000000000; uint32_t b = 1u; print(a >= b);
// ---- signedness 11.196
int64_t a = 2ull; long b = -1; print((a * b) < 0);
// ---- signedness 11.197
unsigned long a = 0; auto b = 7; bool c = true; print(c ? a : b);
// ---- signedness 11.198
uint32_t a = -1; size_t b = -1; print(a / b);
// ---- signedness 11.199
long a = 100000; int64_t b = 1; print(a >> b >> 1u);
// ---- signedness 11.200
unsigned a = 0; uint64_t b = 3; print((a >> b) < 0);
// ---- signedness 11.201
unsigned a = 3000000000; uint32_t b = 100000; print(a | b);
// ---- signedness 11.202
auto a = 2ull; unsigned b = 3; print((a >> b) < 0);
// ---- signedness 11.203
size_t a = -3; uint64_t b = 7; print((a < b) - 1);
// ---- signedness 11.204
short a = 1u; ptrdiff_t b = -1; bool c = true; print(c ? a : b);
// ---- signedness 11.205
uint64_t a = 7; short b = -1; print((a | b) < 0);
// ---- signedness 11.206
long a = -5ll; ptrdiff_t b = 7; print((a & b) - 1);
// ---- signedness 11.207
short a = -5ll; size_t b = -5ll; a *= b; print(a);
// ---- signedness 11.208
auto a = -5ll; long long b = 2; print(a | b);
// ---- signedness 11.209
unsigned long a = 2; unsigned long b = -1; print((a * b) - 1);
// ---- signedness 11.210
uint32_t a = 100000; size_t b = 3000000000; print(a < b);
// ---- signedness 11.211
short a = 1u; ptrdiff_t b = -1; print((a == b) < 0);
// ---- signedness 11.212
long a = 2ull; long long b = -5ll; a &= b; print(a);
// ---- signedness 11.213
int64_t a = 7; uint64_t b = 31u; a <<= b; print(a);
// ---- signedness 11.214
long a = -3; int64_t b = 7; print(a ^ b ^ 1u);
// ---- signedness 11.215
long long a = 3000000000; size_t b = 0; a *= b; print(a);
// ---- signedness 11.216
uint64_t a = 1u; int64_t b = -3; print((a >= b) - 1);
// ---- signedness 11.217
unsigned long a = 7; long b = 100000; a |= b; print(a);
// ---- signedness 11.218
unsigned long a = 0; int b = 2; bool c = true; print(c ? a : b);
// ---- signedness 11.219
long a = 100000; uint64_t b = -1; bool c = true; print(c ? a : b);
// ---- signedness 11.220
short a = 0; uint64_t b = 7; a /= b; print(a);
// ---- signedness 11.221
short a = -3; int b = 0; bool c = true; print(c ? a : b);
// ---- signedness 11.222
uint32_t a = 100000; short b = 2u; print(a << b << 1u);
// ---- signedness 11.223
uint32_t a = 100000; uint32_t b = 100000; a -= b; print(a);
// ---- signedness 11.224
int64_t a = 3000000000; uint64_t b = -5ll; bool c = false; print(c ? a : b);
// ---- signedness 11.225
int a = -3; short b = 2u; print((a << b) < 0);
// ---- signedness 11.226
unsigned a = 3000000000; size_t b = 7; print(a | b);
// ---- signedness 11.227
long long a = 1u; int64_t b = 2; bool c = true; print(c ? a : b);
// ---- signedness 11.228
uint32_t a = -1; auto b = -5ll; a /= b; print(a);
// ---- signedness 11.229
ptrdiff_t a = 100000; unsigned long b = 2; print((a - b) < 0);
// ---- signedness 11.230
unsigned long a = -5ll; short b = 100000; print((a | b) - 1);
// ---- signedness 11.231
long long a = 100000; unsigned long b = 2ull; print(a - b);
// ---- signedness 11.232
int64_t a = 0; uint64_t b = -1; a &= b; print(a);
// ---- signedness 11.233
uint32_t a = 7; int b = 31u; print(a << b);
// ---- signedness 11.234
short a = -1; long b = 1u; print(a == b);
// ---- signedness 11.235
unsigned a = 3000000000; long b = 2ull; print(a / b);
// ---- signedness 11.236
ptrdiff_t a = 1u; int b = 3000000000; print(a % b % 1u);
// ---- signedness 11.237
uint32_t a = 1u; long b = 2; print(a / b / 1u);
// ---- signedness 11.238
auto a = 2; int b = 3000000000; bool c = true; print(c ? a : b);
// ---- signedness 11.239
long a = -5ll; unsigned long b = 2; print((a & b) < 0);
// ---- signedness 11.240
long long a = -3; long long b = -1; print((a % b) < 0);
// ---- signedness 11.241
short a = 100000; ptrdiff_t b = 0; print((a < b) < 0);
// ---- signedness 11.242
uint32_t a = -1; unsigned b = 7; print(a / b / 1u);
// ---- signedness 11.243
int64_t a = 2; auto b = 7; print((a * b) < 0);
// ---- signedness 11.244
long long a = 7; uint64_t b = 7; print((a < b) < 0);
// ---- signedness 11.245
uint64_t a = 2ull; int64_t b = -5ll; print(a / b / 1u);
// ---- signedness 11.246
long a = 2; unsigned long b = 7; print((a * b) < 0);
// ---- signedness 11.247
unsigned long a = 1u; int64_t b = -1; print(a == b);
// ---- signedness 11.248
int64_t a = -3; uint64_t b = -3; a |= b; print(a);
// ---- signedness 11.249
ptrdiff_t a = 7; uint64_t b = 1; print((a >> b) - 1);
// ---- signedness 11.250
ptrdiff_t a = 2; long long b = 7; print((a % b) < 0);
// ---- signedness 11.251
uint64_t a = 0; int b = 0; a += b; print(a);
// ---- signedness 11.252
uint32_t a = 100000; size_t b = -3; print(a == b);
// ---- signedness 11.253
long a = -5ll; int64_t b = 3000000000; print((a < b) < 0);
// ---- signedness 11.254
uint32_t a = -5ll; int b = 7; print((a & b) < 0);
// ---- signedness 11.255
unsigned long a = -5ll; uint64_t b = 0; print((a | b) - 1);
// ---- signedness 11.256
int64_t a = 100000; size_t b = 2; bool c = false; print(c ? a : b);
// ---- signedness 11.257
auto a = 2; auto b = 7; print(a == b);
// ---- signedness 11.258
long long a = 2ull; size_t b = 1u; print(a % b);
// ---- signedness 11.259
long long a = -3; size_t b = 2ull; print((a == b) - 1);
// ---- signedness 11.260
short a = 2ull; long b = -3; bool c = false; print(c ? a : b);
// ---- signedness 11.261
uint64_t a = 7; uint32_t b = -3; print(a - b);
// ---- signedness 11.262
long a = -5ll; size_t b = 3; a >>= b; print(a);
// ---- signedness 11.263
long a = 7; int b = 100000; print((a + b) < 0);
// ---- signedness 11.264
short a = -5ll; size_t b = 2u; print(a >> b);
// ---- signedness 11.265
unsigned long a = 0; uint64_t b = 100000; print((a % b) - 1);
// ---- signedness 11.266
long a = 2ull; uint32_t b = 1u; print(a + b + 1u);
// ---- signedness 11.267
unsigned a = 3000000000; uint32_t b = 1; print((a << b) - 1);
// ---- signedness 11.268
uint32_t a = 0; size_t b = 2u; a <<= b; print(a);
// ---- signedness 11.269
auto a = -3; int b = 2; print(a >= b);
// ---- signedness 11.270
long a = 100000; int64_t b = -5ll; bool c = false; print(c ? a : b);
// ---- signedness 11.271
int64_t a = 2ull; int b = 2; print(a % b % 1u);
// ---- signedness 11.272
int64_t a = 2; uint64_t b = 100000; print(a == b);
// ---- signedness 11.273
long long a = 7; short b = 3000000000; print((a | b) - 1);
// ---- signedness 11.274
int a = 100000; long b = 2ull; print(a ^ b);
// ---- signedness 11.275
auto a = 2ull; short b = 2ull; bool c = false; print(c ? a : b);
// ---- signedness 11.276
long long a = 100000; unsigned b = -3; bool c = false; print(c ? a : b);
// ---- signedness 11.277
long long a = -5ll; long b = 0; print((a == b) - 1);
// ---- signedness 11.278
unsigned a = 2ull; long long b = 31u; bool c = false; print(c ? a : b);
// ---- signedness 11.279
uint32_t a = 0; unsigned long b = 1u; a /= b; print(a);
// ---- signedness 11.280
unsigned a = -1; unsigned b = 31u; print(a << b << 1u);
// ---- signedness 11.281
ptrdiff_t a = -3; size_t b = -5ll; print((a * b) < 0);
// ---- signedness 11.282
ptrdiff_t a = 100000; uint64_t b = 2ull; print((a ^ b) < 0);
// ---- signedness 11.283
long long a = -1; ptrdiff_t b = 3000000000; print((a + b) - 1);
// ---- signedness 11.284
auto a = 0; short b = 1; print(a << b);
// ---- signedness 11.285
short a = 1u; unsigned b = -1; print(a >= b >= 1u);
// ---- signedness 11.286
ptrdiff_t a = -3; uint64_t b = 7; print(a >= b);
// ---- signedness 11.287
long long a = -3; uint32_t b = 2; a *= b; print(a);
// ---- signedness 11.288
size_t a = -3; long b = 2; bool c = false; print(c ? a : b);
// ---- signedness 11.289
uint32_t a = 0; uint64_t b = 31u; print(a << b << 1u);
// ---- signedness 11.290
auto a = 100000; uint32_t b = 7; print(a / b / 1u);
// ---- signedness 11.291
uint64_t a = 1u; auto b = 100000; bool c = false; print(c ? a : b);
// ---- signedness 11.292
long long a = 7; int64_t b = 3000000000; print(a < b);
// ---- signedness 11.293
long long a = -3; long b = 2u; a <<= b; print(a);
// ---- signedness 11.294
int a = 7; auto b = -1; a /= b; print(a);
// ---- signedness 11.295
auto a = -1; short b = 3000000000; print((a / b) < 0);
// ---- signedness 11.296
ptrdiff_t a = 100000; int64_t b = -1; bool c = true; print(c ? a : b);
// ---- signedness 11.297
uint32_t a = 3000000000; unsigned b = 7; print((a == b) < 0);
// ---- signedness 11.298
ptrdiff_t a = 0; long long b = 100000; bool c = true; print(c ? a : b);
// ---- signedness 11.299
short a = 2; unsigned long b = -5ll; print((a - b) < 0);
