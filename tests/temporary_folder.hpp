#pragma once
// A folder of a test's own under the system's temporary folder, made empty when the test makes it
// and removed with all it holds when the test is done, passed or failed: one place for what every
// test that writes files needs, so none leaves its files behind.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <string_view>

namespace sandtable::testing_support {

class TemporaryFolder {
  public:
    // "sandtable-NAME-PID-N": the process's id keeps tests run side by side (ctest -j) apart, and N
    // two folders of one test.
    explicit TemporaryFolder(std::string_view name)
        : path_(std::filesystem::temp_directory_path() /
                ("sandtable-" + std::string(name) + "-" + std::to_string(::getpid()) + "-" +
                 std::to_string(made().fetch_add(1)))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    // Never throws: a folder a test made read-only is opened again first, and what cannot be removed
    // is left rather than a failed test's report turned into a crash.
    ~TemporaryFolder() {
        std::error_code ignored;
        std::filesystem::permissions(path_, std::filesystem::perms::owner_all,
                                     std::filesystem::perm_options::add, ignored);
        std::filesystem::remove_all(path_, ignored);
    }
    TemporaryFolder(const TemporaryFolder&) = delete;
    TemporaryFolder& operator=(const TemporaryFolder&) = delete;

    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::filesystem::path& name) const { return path_ / name; }

  private:
    static std::atomic<int>& made() {
        static std::atomic<int> count{0};
        return count;
    }
    std::filesystem::path path_;
};

} // namespace sandtable::testing_support
