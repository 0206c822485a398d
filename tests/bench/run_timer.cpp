// run-timer RUNS COMMAND [ARGS...]: runs a whole program RUNS times, one after another, as
// /usr/bin/time measures one (wall clock, user + system CPU from wait4, peak resident memory), but
// to the microsecond: a 5 ms start-up needs better than /usr/bin/time's hundredths of a second.
// Prints one line: "wall_ms MEDIAN cpu_ms MEDIAN max_rss_mb MAX runs N". Its output and errors go
// to /dev/null; a run that fails stops it (exit 1, naming the run and its status).
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
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

} // namespace

int main(int argc, char** argv) {
    if (argc < 3 || std::atoi(argv[1]) < 1) {
        std::fprintf(stderr, "usage: run-timer RUNS COMMAND [ARGS...]\n");
        return 2;
    }
    const int runs = std::atoi(argv[1]);
    std::vector<double> wall, cpu;
    double maxRss = 0;
    for (int run = 1; run <= runs; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const pid_t child = fork();
        if (child == 0) {
            const int null = open("/dev/null", O_WRONLY);
            dup2(null, STDOUT_FILENO);
            dup2(null, STDERR_FILENO);
            execvp(argv[2], argv + 2);
            _exit(127);
        }
        int status = 0;
        rusage usage{};
        if (child < 0 || wait4(child, &status, 0, &usage) != child) {
            std::perror("run-timer");
            return 1;
        }
        const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
            std::fprintf(stderr, "run-timer: run %d of %s failed (status %d)\n", run, argv[2], status);
            return 1;
        }
        wall.push_back(elapsed.count());
        cpu.push_back(milliseconds(usage.ru_utime) + milliseconds(usage.ru_stime));
        maxRss = std::max(maxRss, static_cast<double>(usage.ru_maxrss) / 1024.0);
    }
    std::printf("wall_ms %.2f cpu_ms %.2f max_rss_mb %.1f runs %d\n", median(wall), median(cpu), maxRss,
                runs);
    return 0;
}
