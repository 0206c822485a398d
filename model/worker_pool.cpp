#include "worker_pool.hpp"

#include "model/thread_beside.hpp"

#include <algorithm>
#include <system_error>
#include <utility>

namespace sandtable {
namespace {

// Set on the pool's own threads: work they run that asks for the pool again gets threads of its own.
thread_local bool onAPoolHelper = false;

// Runs `work`; what it threw, or null.
std::exception_ptr failureOf(const std::function<void()>& work) {
    try {
        work();
    } catch (...) {
        return std::current_exception();
    }
    return nullptr;
}

void onNewThreads(int threads, const std::function<void()>& work) {
    std::vector<ThreadBeside> others;
    for (int t = 1; t < threads; ++t) {
        others.emplace_back(work);
    }
    std::exception_ptr failed = failureOf(work);
    for (ThreadBeside& thread : others) {
        if (std::exception_ptr theirs = thread.wait(); theirs && !failed) {
            failed = theirs;
        }
    }
    if (failed) {
        std::rethrow_exception(failed);
    }
}

} // namespace

WorkerPool::~WorkerPool() {
    for (std::jthread& helper : helpers_) {
        helper.request_stop();
    }
    wanted_.notify_all();
    helpers_.clear(); // joins
}

WorkerPool& WorkerPool::shared() {
    static WorkerPool pool;
    return pool;
}

int WorkerPool::helpers() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(helpers_.size());
}

void WorkerPool::serve(const std::stop_token& stop) {
    onAPoolHelper = true;
    std::unique_lock lock(mutex_);
    for (;;) {
        if (!wanted_.wait(lock, stop, [this] { return openSlots_ > 0; })) {
            return; // stopped
        }
        --openSlots_;
        ++running_;
        const std::function<void()>& work = *work_;
        lock.unlock();
        const std::exception_ptr failed = failureOf(work);
        lock.lock();
        if (failed && !helperFailed_) {
            helperFailed_ = failed;
        }
        if (--running_ == 0) {
            finished_.notify_all();
        }
    }
}

void WorkerPool::run(int threads, const std::function<void()>& work) {
    if (threads <= 1) {
        work();
        return;
    }
    std::unique_lock lock(mutex_);
    if (busy_ || onAPoolHelper) {
        lock.unlock();
        onNewThreads(threads, work);
        return;
    }
    try {
        while (static_cast<int>(helpers_.size()) < threads - 1) {
            helpers_.emplace_back([this](const std::stop_token& stop) { serve(stop); });
        }
    } catch (const std::system_error&) {
        // No thread more to be had: the helpers there are share the work, or the caller does it all.
    }
    busy_ = true;
    work_ = &work;
    openSlots_ = std::min(threads - 1, static_cast<int>(helpers_.size()));
    helperFailed_ = nullptr;
    lock.unlock();
    wanted_.notify_all();
    std::exception_ptr failed = failureOf(work);
    lock.lock();
    openSlots_ = 0; // the work is shared out and the caller's share done: a helper yet to come has none
    finished_.wait(lock, [this] { return running_ == 0; });
    if (!failed) {
        failed = std::exchange(helperFailed_, nullptr);
    }
    helperFailed_ = nullptr;
    work_ = nullptr;
    busy_ = false;
    lock.unlock();
    if (failed) {
        std::rethrow_exception(failed);
    }
}

} // namespace sandtable
