// Work on a second thread hands back what it threw on the caller's thread (the reader, the writer,
// the canvas bands and the rules run side by side rely on it).
#include "model/thread_beside.hpp"

#include <gtest/gtest.h>

#include <atomic>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace sandtable {
namespace {

TEST(ThreadBeside, TheWorkRunsOnAnotherThreadAndJoinWaitsForIt) {
    std::atomic<bool> done{false};
    std::thread::id worker;
    ThreadBeside beside([&] {
        worker = std::this_thread::get_id();
        done = true;
    });
    beside.join();
    EXPECT_TRUE(done);
    EXPECT_NE(worker, std::this_thread::get_id());
    EXPECT_EQ(beside.wait(), nullptr) << "waiting again finds nothing";
}

TEST(ThreadBeside, WhatTheWorkThrewIsThrownByJoinOnTheCallersThread) {
    ThreadBeside beside([] { throw std::runtime_error("the map's layer is short"); });
    try {
        beside.join();
        FAIL() << "join did not throw";
    } catch (const std::runtime_error& e) {
        EXPECT_EQ(std::string(e.what()), "the map's layer is short");
    }
}

TEST(ThreadBeside, WaitHandsTheFailureBackOnceAndAnEmptyOneHasNothing) {
    ThreadBeside none;
    EXPECT_EQ(none.wait(), nullptr);
    EXPECT_NO_THROW(none.join());
    ThreadBeside failing([] { throw 42; });
    const std::exception_ptr failed = failing.wait();
    ASSERT_NE(failed, nullptr);
    EXPECT_THROW(std::rethrow_exception(failed), int);
    EXPECT_EQ(failing.wait(), nullptr);
}

// Kept in a vector (the canvas's bands) and assigned to a member (the reader's map), it keeps its
// failure when moved.
TEST(ThreadBeside, AMovedOneStillHandsBackItsFailure) {
    std::vector<ThreadBeside> bands;
    for (int b = 0; b < 8; ++b) {
        bands.emplace_back([b] {
            if (b == 5) {
                throw std::runtime_error("band 5");
            }
        });
    }
    int thrown = 0;
    for (ThreadBeside& band : bands) {
        try {
            band.join();
        } catch (const std::runtime_error& e) {
            EXPECT_EQ(std::string(e.what()), "band 5");
            ++thrown;
        }
    }
    EXPECT_EQ(thrown, 1);
    ThreadBeside later;
    later = ThreadBeside([] { throw std::runtime_error("moved"); });
    EXPECT_THROW(later.join(), std::runtime_error);
}

} // namespace
} // namespace sandtable
