// The threads that draw a canvas frame's tiles, bands and pieces are kept between frames: every task
// of a run done once, on the caller and the pool's helpers, the same helpers the next time, what one
// threw handed back, and a run asked for inside a run or beside one on another thread still done.
#include "model/worker_pool.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <mutex>
#include <set>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sandtable {
namespace {

using namespace std::chrono_literals;

// Tasks shared out as the canvas shares them (an atomic counter); each run holds its threads until
// `together` of them are in it (or a while has passed), so that the helpers take part.
struct SharedTasks {
    explicit SharedTasks(int count, int threadsTogether = 1)
        : done(static_cast<std::size_t>(count)), together(threadsTogether) {}

    void operator()() {
        {
            std::lock_guard lock(mutex);
            threads.insert(std::this_thread::get_id());
        }
        ++arrived;
        for (const auto until = std::chrono::steady_clock::now() + 10s;
             arrived < together && std::chrono::steady_clock::now() < until;) {
            std::this_thread::sleep_for(1ms);
        }
        for (std::size_t t = next++; t < done.size(); t = next++) {
            ++done[t];
        }
    }
    bool eachDoneOnce() const {
        for (const auto& d : done) {
            if (d != 1) {
                return false;
            }
        }
        return true;
    }

    std::vector<std::atomic<int>> done;
    std::atomic<std::size_t> next{0};
    std::atomic<int> arrived{0};
    int together;
    std::mutex mutex;
    std::set<std::thread::id> threads;
};

TEST(WorkerPool, EveryTaskIsDoneOnceOnTheCallerAndItsHelpers) {
    WorkerPool pool;
    SharedTasks tasks(1000, 3);
    pool.run(3, std::ref(tasks));
    EXPECT_TRUE(tasks.eachDoneOnce());
    EXPECT_EQ(tasks.threads.size(), 3U) << "the caller and two helpers";
    EXPECT_TRUE(tasks.threads.contains(std::this_thread::get_id()));
    EXPECT_EQ(pool.helpers(), 2);
}

TEST(WorkerPool, TheNextRunHasTheSameHelpersNoNewThreads) {
    WorkerPool pool;
    SharedTasks first(100, 3), second(100, 3);
    pool.run(3, std::ref(first));
    pool.run(3, std::ref(second));
    EXPECT_TRUE(second.eachDoneOnce());
    EXPECT_EQ(second.threads, first.threads) << "the helpers kept waiting, none made again";
    EXPECT_EQ(pool.helpers(), 2);
    SharedTasks fewer(100, 2);
    pool.run(2, std::ref(fewer));
    EXPECT_TRUE(fewer.eachDoneOnce());
    EXPECT_EQ(fewer.threads.size(), 2U) << "one helper of the two taken";
    EXPECT_EQ(pool.helpers(), 2);
}

TEST(WorkerPool, OneThreadIsTheCallerAlone) {
    WorkerPool pool;
    SharedTasks tasks(10);
    pool.run(1, std::ref(tasks));
    EXPECT_TRUE(tasks.eachDoneOnce());
    EXPECT_EQ(tasks.threads, std::set{std::this_thread::get_id()});
    EXPECT_EQ(pool.helpers(), 0);
}

TEST(WorkerPool, WhatAHelperThrewIsThrownOnTheCallerAndThePoolWorksOn) {
    WorkerPool pool;
    const auto caller = std::this_thread::get_id();
    std::atomic<int> arrived{0};
    const auto failing = [&] {
        ++arrived;
        for (const auto until = std::chrono::steady_clock::now() + 10s;
             arrived < 2 && std::chrono::steady_clock::now() < until;) {
            std::this_thread::sleep_for(1ms);
        }
        if (std::this_thread::get_id() != caller) {
            throw std::runtime_error("a band ran out of memory");
        }
    };
    try {
        pool.run(2, failing);
        FAIL() << "run did not throw";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "a band ran out of memory");
    }
    SharedTasks after(100, 2);
    pool.run(2, std::ref(after));
    EXPECT_TRUE(after.eachDoneOnce());
    EXPECT_EQ(after.threads.size(), 2U);
}

TEST(WorkerPool, WhatTheCallerThrewIsThrownOnceEveryHelperLeftTheWork) {
    WorkerPool pool;
    const auto caller = std::this_thread::get_id();
    std::atomic<int> arrived{0}, left{0};
    const auto work = [&] {
        ++arrived;
        for (const auto until = std::chrono::steady_clock::now() + 10s;
             arrived < 3 && std::chrono::steady_clock::now() < until;) {
            std::this_thread::sleep_for(1ms);
        }
        if (std::this_thread::get_id() == caller) {
            throw std::invalid_argument("the caller's band failed");
        }
        std::this_thread::sleep_for(20ms);
        ++left;
    };
    EXPECT_THROW(pool.run(3, work), std::invalid_argument);
    EXPECT_EQ(left.load(), 2) << "run returned while helpers were still in the work";
}

TEST(WorkerPool, ARunAskedForInsideARunIsDoneOnThreadsOfItsOwn) {
    WorkerPool pool;
    std::atomic<int> innerDone{0};
    SharedTasks outer(4, 2);
    const auto work = [&] {
        outer();
        SharedTasks inner(50, 2);
        pool.run(2, std::ref(inner));
        if (inner.eachDoneOnce()) {
            ++innerDone;
        }
    };
    pool.run(2, work);
    EXPECT_TRUE(outer.eachDoneOnce());
    EXPECT_EQ(innerDone.load(), 2) << "each thread's own run done, none waiting on the other";
}

TEST(WorkerPool, TwoCallersAtOnceEachGetTheirWorkDone) {
    WorkerPool pool;
    SharedTasks a(500, 2), b(500, 2);
    std::thread other([&] { pool.run(2, std::ref(b)); });
    pool.run(2, std::ref(a));
    other.join();
    EXPECT_TRUE(a.eachDoneOnce());
    EXPECT_TRUE(b.eachDoneOnce());
}

} // namespace
} // namespace sandtable
