#include <vector>
// thread_local std::vector<int> in a comment is not a declaration
void lay() {
    thread_local bool done = false;
    thread_local const char* name = nullptr;
    thread_local std::vector<int> segments;
    (void)done;
    (void)name;
    segments.clear();
}
