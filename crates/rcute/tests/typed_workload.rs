//! The typed forms of the benchmark workload (`benches/support/typed_ops.rs`) cover every
//! operation of `benches/workload.txt`, and each answers what the same operation answers
//! on run-time layouts (checked as each is visited).

#[path = "../benches/support/typed_ops.rs"]
mod typed_ops;
#[path = "../benches/support/workload_ops.rs"]
mod workload_ops;

#[test]
fn every_workload_operation_has_its_typed_form() {
    struct Names(Vec<String>);
    impl typed_ops::Visit for Names {
        fn op<F: Fn() -> i64>(&mut self, name: &str, f: F) {
            assert!(f() >= 0, "{name} fails");
            self.0.push(name.to_string());
        }
    }
    let entries = workload_ops::load();
    let mut names = Names(Vec::new());
    typed_ops::each(&entries, &mut names);
    let all: Vec<String> = entries.iter().map(|e| e.name.clone()).collect();
    assert_eq!(names.0, all);
    assert_eq!(all.len(), 11);
}
