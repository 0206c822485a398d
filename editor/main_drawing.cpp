// sandtable-draw (Linux and the like): the program `sandtable` hands the commands that draw or read
// VASSAL modules and Tiled maps to (main_sandtable.cpp). It links Cairo, Pango and libzip but
// neither the GUI toolkit nor GDAL, so an export starts in a few hundredths of a second rather than
// the 0.2 s sandtable-editor takes to load its libraries.
#include "cli/cli.hpp"
#include "formats/file_system_calls.hpp"
#include "install_layout.hpp"
#include "render/text.hpp"

#include <iostream>

int main(int argc, char** argv) {
    sandtable::sys::preferLargeMemoryPages();
    const std::vector<std::string> args = sandtable::sys::commandLine(argc, argv);
    if (args.empty() || !sandtable::cli::isHeadless(args[0])) {
        std::cerr << "sandtable-draw: runs sandtable's commands that draw; the editor is sandtable-editor "
                     "(type sandtable)\n";
        return sandtable::cli::BadInput;
    }
    sandtable::useBundledFonts(sandtable::installLayout().fonts,
                               sandtable::sys::userStateFolder() / "font-cache");
    return sandtable::cli::run(args, std::cout, std::cerr);
}
