// sandtable, the command users type (Linux and the like). It runs the commands that need none of the
// drawing, terrain-data or GUI libraries itself, loading none of them, so that `sandtable validate`
// or `sandtable rulesets` start in a few milliseconds. The others it hands by exec to the program
// that runs them (Subcommand::runsIn): sandtable-draw the commands that draw or read VASSAL modules
// and Tiled maps (Cairo, Pango, libzip, without the GUI toolkit and GDAL, whose libraries alone take
// 0.2 s to load), sandtable-editor the editor and the commands that read terrain data. By exec: the
// same process, so the exit code, the streams and the signals are the caller's own. On Windows one
// program does all (main.cpp).
#include "cli/cli.hpp"
#include "formats/file_system_calls.hpp"
#include "install_layout.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <iostream>
#include <vector>

int main(int argc, char** argv) {
    using sandtable::cli::RunsIn;
    sandtable::sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sandtable::sys::commandLine(argc, argv);
    const RunsIn runsIn = sandtable::cli::programFor(args);
    if (runsIn == RunsIn::Sandtable) {
        return sandtable::cli::run(args, std::cout, std::cerr);
    }
    const std::filesystem::path handedTo =
        sandtable::handedProgramFor(sandtable::executablePath(), sandtable::cli::programName(runsIn));
    std::string program = handedTo.string();
    std::vector<char*> words{program.data()};
    for (int i = 1; i < argc; ++i) {
        words.push_back(argv[i]);
    }
    words.push_back(nullptr);
    ::execv(program.c_str(), words.data());
    std::cerr << "sandtable: cannot start " << program << " (" << std::strerror(errno) << "): it runs "
              << (runsIn == RunsIn::DrawingProgram
                      ? "the commands that draw or read VASSAL modules and Tiled maps"
                      : "the editor and the commands that read terrain data")
              << "; reinstall sandtable\n";
    return sandtable::cli::BadInput;
}
