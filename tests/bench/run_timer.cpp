// run-timer RUNS COMMAND [ARGS...] [--vs COMMAND [ARGS...]]...: runs whole programs RUNS times each,
// as /usr/bin/time measures one (wall clock, user + system CPU from wait4, peak resident memory),
// but to the microsecond: a 5 ms start-up needs better than /usr/bin/time's hundredths of a second.
// Several commands (separated by --vs) run in turn, the first, then the second, ..., then the first
// again: the two vCPUs of this machine kind drift in speed by half over minutes, and a drift then
// falls on every command alike instead of on whichever ran second.
// Prints a line a command: "wall_ms MEDIAN cpu_ms MEDIAN max_rss_mb MAX runs N". Their output and
// errors go to /dev/null; a run that fails stops it (exit 1, naming the run and its status).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> values) {
    std::ranges::sort(values);
    const std::size_t n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

double milliseconds(const timeval& t) {
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_usec) / 1e3;
}

struct Command {
    std::vector<char*> argv; // ends with a null pointer, as execvp wants
    std::vector<double> wall, cpu;
    double maxRss = 0;
};

// Runs `c` once and adds what it took; false when it could not be run or failed.
bool runOnce(Command& c, int run) {
    const auto start = std::chrono::steady_clock::now();
    const pid_t child = fork();
    if (child == 0) {
        const int null = open("/dev/null", O_WRONLY);
        dup2(null, STDOUT_FILENO);
        dup2(null, STDERR_FILENO);
        execvp(c.argv[0], c.argv.data());
        _exit(127);
    }
    int status = 0;
    rusage usage{};
    if (child < 0 || wait4(child, &status, 0, &usage) != child) {
        std::perror("run-timer");
        return false;
    }
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "run-timer: run %d of %s failed (status %d)\n", run, c.argv[0], status);
        return false;
    }
    c.wall.push_back(elapsed.count());
    c.cpu.push_back(milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime));
    c.maxRss = std::max(c.maxRss, static_cast<double>(usage.ru_maxrss) / 1024.0);
    return true;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 3 || std::atoi(argv[1]) < 1) {
        std::fprintf(stderr, "usage: run-timer RUNS COMMAND [ARGS...] [--vs COMMAND [ARGS...]]...\n");
        return 2;
    }
    const int runs = std::atoi(argv[1]);
    std::vector<Command> commands(1);
    for (int i = 2; i < argc; ++i) {
        if (std::strcmp(argv[i], "--vs") == 0) {
            commands.emplace_back();
        } else {
            commands.back().argv.push_back(argv[i]);
        }
    }
    for (Command& c : commands) {
        if (c.argv.empty()) {
            std::fprintf(stderr, "run-timer: --vs with no command on one side\n");
            return 2;
        }
        c.argv.push_back(nullptr);
    }
    for (int run = 1; run <= runs; ++run) {
        for (Command& c : commands) {
            if (!runOnce(c, run)) {
                return 1;
            }
        }
    }
    for (const Command& c : commands) {
        std::printf("wall_ms %.2f cpu_ms %.2f max_rss_mb %.1f runs %d\n", median(c.wall), median(c.cpu),
                    c.maxRss, runs);
    }
    return 0;
}
