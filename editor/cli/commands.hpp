#pragma once
// One function per subcommand; each parses its own options and returns an exit code.
#include "cli.hpp"

namespace sandtable::cli {

int infoCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int convertCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int validateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int rulesetsCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int exportCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int generateCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int placeCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int importElevationCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int importLandCoverCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int alignBackgroundCommand(const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

} // namespace sandtable::cli
