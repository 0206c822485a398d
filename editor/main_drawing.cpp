// sandtable-draw (Linux and the like): the program `sandtable` hands the commands that draw or read
// VASSAL modules and Tiled maps to (main_sandtable.cpp). It links Cairo, Pango and libzip but
// neither the GUI toolkit nor GDAL, so an export starts in a few hundredths of a second rather than
// the 0.2 s sandtable-editor takes to load its libraries.
#include "cli/headless_main.hpp"

int main(int argc, char** argv) {
    return sandtable::cli::headlessMain(argc, argv,
                                        "sandtable-draw: runs sandtable's commands that draw; the editor is "
                                        "sandtable-editor (type sandtable)");
}
