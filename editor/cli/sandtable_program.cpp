// What `sandtable` (main_sandtable.cpp) runs itself: the commands whose entry says
// RunsIn::Sandtable. It hands the others to sandtable-draw or sandtable-editor before the table is
// asked for them, so it has no handlers for them and no placeholders for their help.
#include "subcommand.hpp"

namespace sandtable::cli {

std::span<const ProgramCommand> programCommands() {
    return {};
}

std::vector<std::pair<std::string, std::string>> helpPlaceholders() {
    return {};
}

} // namespace sandtable::cli
