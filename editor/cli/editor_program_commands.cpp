// The commands that run in the program with everything (sandtable-editor; on Windows and in the
// tests the one program): every command `sandtable` hands over, those that draw with Cairo and
// Pango or read VASSAL modules and Tiled maps (which sandtable-draw runs too) and those that read
// terrain data through GDAL.
#include "commands.hpp"
#include "subcommand.hpp"

#include <array>

namespace sandtable::cli {
namespace {

constexpr std::array commands{
    ProgramCommand{"export", exportCommand},
    ProgramCommand{"place", placeCommand},
    ProgramCommand{"import-elevation", importElevationCommand},
    ProgramCommand{"import-land-cover", importLandCoverCommand},
    ProgramCommand{"import", importCommand},
    ProgramCommand{"thumbnail", thumbnailCommand},
    ProgramCommand{"man-page", manPageCommand},
    ProgramCommand{"align-background", alignBackgroundCommand},
};

} // namespace

std::span<const ProgramCommand> programCommands() {
    return commands;
}

std::vector<std::pair<std::string, std::string>> helpPlaceholders() {
    return drawingHelpPlaceholders();
}

} // namespace sandtable::cli
