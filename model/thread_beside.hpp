#pragma once
// Work run on a second thread while the caller goes on with its own: a large file's map read or
// written beside its order of battle, a canvas band, a share of the rules. What the work throws
// (out of memory, a reader's failure) is kept and handed back on the caller's thread by wait() or
// join(), never lost to std::terminate on the worker. A ThreadBeside that is not waited for joins
// when destroyed and drops what its work threw: the caller is then failing with its own.
#include <exception>
#include <memory>
#include <thread>
#include <utility>

namespace sandtable {

class ThreadBeside {
  public:
    ThreadBeside() = default; // no work: wait() returns at once with nothing
    template <typename Work>
    explicit ThreadBeside(Work&& work)
        : failed_(std::make_unique<std::exception_ptr>()),
          thread_([failed = failed_.get(), work = std::forward<Work>(work)]() mutable {
              try {
                  work();
              } catch (...) {
                  *failed = std::current_exception();
              }
          }) {}

    ThreadBeside(ThreadBeside&&) noexcept = default;
    // The work this one had is waited for (what it threw is dropped) before it takes the other's.
    ThreadBeside& operator=(ThreadBeside&& other) noexcept {
        if (this != &other) {
            (void)wait();
            thread_ = std::move(other.thread_);
            failed_ = std::move(other.failed_);
        }
        return *this;
    }

    // Waits for the work; what it threw, or null.
    std::exception_ptr wait() {
        if (thread_.joinable()) {
            thread_.join();
        }
        return failed_ ? std::exchange(*failed_, nullptr) : nullptr;
    }
    // Waits for the work and throws what it threw.
    void join() {
        if (std::exception_ptr failed = wait()) {
            std::rethrow_exception(failed);
        }
    }

  private:
    // On the heap, so that the worker's pointer to it stays valid when the object moves.
    std::unique_ptr<std::exception_ptr> failed_;
    std::jthread thread_; // after failed_: joined before it is freed
};

} // namespace sandtable
