#pragma once
// Threads kept waiting between one piece of shared work and the next: a canvas frame hands its
// tiles, bands and pieces to every core several times a frame, and a thread made for each of them
// cost its start every time (with them kept, a wheel notch's frame took 0.3 to 1 ms less:
// docs/export.md). The work is one function that every thread runs and that shares itself out (an
// atomic counter of tasks), so the caller alone ends it when no helper came in time: a helper that
// has not started when the caller's share is done is not waited for.
#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace sandtable {

class WorkerPool {
  public:
    WorkerPool() = default;
    ~WorkerPool(); // the helpers are stopped and joined
    WorkerPool(const WorkerPool&) = delete;
    WorkerPool& operator=(const WorkerPool&) = delete;

    // The process's pool, made at its first use.
    static WorkerPool& shared();

    // Runs `work` on the caller's thread and on up to `threads - 1` helpers at once (fewer when the
    // system has no more threads to give), and returns when every run of it has returned; what one
    // threw is thrown on the caller's thread (the caller's own first). Called again while the pool works
    // (from another thread, or from the work itself), the call makes threads of its own for its helpers.
    void run(int threads, const std::function<void()>& work);

    // Helpers made so far (each waits between runs).
    int helpers() const;

  private:
    void serve(const std::stop_token& stop);

    mutable std::mutex mutex_;
    std::condition_variable_any wanted_; // a run wants helpers, or the pool stops
    std::condition_variable finished_;   // a helper left the run
    const std::function<void()>* work_ = nullptr;
    int openSlots_ = 0; // helpers the run still takes
    int running_ = 0;   // helpers inside the run's work
    bool busy_ = false; // a run is under way
    std::exception_ptr helperFailed_;
    std::vector<std::jthread> helpers_; // last: stopped and joined before the rest goes
};

} // namespace sandtable
