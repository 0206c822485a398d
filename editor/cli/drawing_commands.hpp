#pragma once
// The commands sandtable-draw runs (RunsIn::DrawingProgram), in the one table both programs that run
// them take them from: drawing_program.cpp (sandtable-draw) and editor_program_commands.cpp
// (sandtable-editor, which runs them too, beside the commands that read terrain data).
#include "commands.hpp"
#include "subcommand.hpp"

#include <array>

namespace sandtable::cli {

inline constexpr std::array drawingCommands{
    ProgramCommand{"export", exportCommand},
    ProgramCommand{"import", importCommand},
    ProgramCommand{"thumbnail", thumbnailCommand},
    ProgramCommand{"man-page", manPageCommand},
};

} // namespace sandtable::cli
