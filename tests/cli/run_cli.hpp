#pragma once
// Runs the command line in process, as `sandtable ARGS...` would, and keeps what it printed.
#include "editor/cli/cli.hpp"

#include <sstream>
#include <string>
#include <vector>

namespace sandtable::test_support {

struct CliResult {
    int code;
    std::string out;
    std::string err;
};

inline CliResult run(const std::vector<std::string>& args) {
    std::ostringstream out, err;
    const int code = cli::run(args, out, err);
    return {code, out.str(), err.str()};
}

} // namespace sandtable::test_support
