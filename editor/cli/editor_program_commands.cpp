// The commands that run in the program with everything (sandtable-editor; on Windows and in the
// tests the one program): every command `sandtable` hands over, the drawing ones (which
// sandtable-draw runs too) and those that read terrain data through GDAL.
#include "drawing_commands.hpp"

#include <algorithm>
#include <array>

namespace sandtable::cli {
namespace {

constexpr std::array terrainCommands{
    ProgramCommand{"place", placeCommand},
    ProgramCommand{"import-elevation", importElevationCommand},
    ProgramCommand{"import-land-cover", importLandCoverCommand},
    ProgramCommand{"align-background", alignBackgroundCommand},
};

constexpr auto commands = [] {
    std::array<ProgramCommand, drawingCommands.size() + terrainCommands.size()> all{};
    std::ranges::copy(terrainCommands, std::ranges::copy(drawingCommands, all.begin()).out);
    return all;
}();

} // namespace

std::span<const ProgramCommand> programCommands() {
    return commands;
}

std::vector<std::pair<std::string, std::string>> helpPlaceholders() {
    return drawingHelpPlaceholders();
}

} // namespace sandtable::cli
