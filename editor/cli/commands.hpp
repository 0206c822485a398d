#pragma once
// One function per subcommand: its options parsed from its entry in the table (subcommand.hpp), it
// returns an exit code.
#include "arguments.hpp"
#include "cli.hpp"

#include <string>
#include <utility>
#include <vector>

namespace sandtable::cli {

int infoCommand(Arguments& a, std::ostream& out, std::ostream& err);
int convertCommand(Arguments& a, std::ostream& out, std::ostream& err);
int validateCommand(Arguments& a, std::ostream& out, std::ostream& err);
int rulesetsCommand(Arguments& a, std::ostream& out, std::ostream& err);
int exportCommand(Arguments& a, std::ostream& out, std::ostream& err);
int generateCommand(Arguments& a, std::ostream& out, std::ostream& err);
int placeCommand(Arguments& a, std::ostream& out, std::ostream& err);
int importElevationCommand(Arguments& a, std::ostream& out, std::ostream& err);
int importLandCoverCommand(Arguments& a, std::ostream& out, std::ostream& err);
int importCommand(Arguments& a, std::ostream& out, std::ostream& err);
int thumbnailCommand(Arguments& a, std::ostream& out, std::ostream& err);
int alignBackgroundCommand(Arguments& a, std::ostream& out, std::ostream& err);
int manPageCommand(Arguments& a, std::ostream& out, std::ostream& err);

// helpPlaceholders() of the programs that draw: the export kinds, papers, layers and styles.
std::vector<std::pair<std::string, std::string>> drawingHelpPlaceholders();

} // namespace sandtable::cli
