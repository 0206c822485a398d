// What sandtable-draw (main_drawing.cpp) runs beyond `sandtable`'s own commands: those whose entry
// says RunsIn::DrawingProgram. It links neither the GUI toolkit nor GDAL, so it has no handler for
// the commands that read terrain data (cli::run says which program runs them).
#include "drawing_commands.hpp"

namespace sandtable::cli {

std::span<const ProgramCommand> programCommands() {
    return drawingCommands;
}

std::vector<std::pair<std::string, std::string>> helpPlaceholders() {
    return drawingHelpPlaceholders();
}

} // namespace sandtable::cli
