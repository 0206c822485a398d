// sandtable: headless subcommands run before any GUI initialisation (they must work without a
// display); anything else opens the editor.
#include "cli/cli.hpp"

#include <wx/app.h>

#include <cstdlib>
#include <iostream>

int main(int argc, char** argv) {
    if (argc > 1 && sandtable::cli::isHeadless(argv[1])) {
        return sandtable::cli::run(std::vector<std::string>(argv + 1, argv + argc), std::cout, std::cerr);
    }
#ifndef _WIN32
    // X11 and Wayland need a display named; Windows always has its desktop.
    if (std::getenv("DISPLAY") == nullptr && std::getenv("WAYLAND_DISPLAY") == nullptr) {
        std::cerr << "sandtable: no display, so the editor cannot open (DISPLAY is not set).\n"
                     "Headless commands work without one: sandtable --help\n";
        return sandtable::cli::BadInput;
    }
#endif
    return wxEntry(argc, argv);
}
