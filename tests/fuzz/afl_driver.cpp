// sandtable-fuzz TARGET [FILE]: runs one fuzz target on FILE (or standard input) once. AFL++ runs
// it through its fork server (classic afl-g++ instrumentation; see ./dev fuzz).
#include "fuzz_targets.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
    using sandtable::fuzz::findTarget;
    const sandtable::fuzz::Target* target = argc >= 2 ? findTarget(argv[1]) : nullptr;
    if (target == nullptr) {
        std::cerr << "usage: sandtable-fuzz TARGET [FILE] (scenario, ruleset, oob-csv, vassal-saved-game, "
                     "tiled-map, land-cover-table, world-file, raster, vassal-module)\n";
        return 2;
    }
    std::string bytes;
    if (argc >= 3) {
        std::ifstream in(argv[2], std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    } else {
        bytes.assign(std::istreambuf_iterator<char>(std::cin), {});
    }
    target->run(bytes);
    return 0;
}
