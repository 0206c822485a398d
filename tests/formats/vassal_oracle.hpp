#pragma once
// Shared by the VASSAL export tests: the real VASSAL engine's checker (../shared/vassal/check-vmod,
// SANDTABLE_VASSAL_CHECK), run on a module.
#include "tests/render/command_output.hpp"

#include <filesystem>
#include <regex>
#include <string>

namespace sandtable::testing_support {

// Why the oracle cannot run, or empty when it can: a missing checker is said, never passed over.
inline std::string vassalOracleMissing() {
    if (std::filesystem::exists(SANDTABLE_VASSAL_CHECK)) {
        return {};
    }
    return std::string("VASSAL's checker is not at ") + SANDTABLE_VASSAL_CHECK +
           " (../shared/vassal beside the source tree): the module cannot be checked against VASSAL";
}

// check-vmod's report on a module, and its exit code (-1 when it did not say).
inline std::string checkVmod(const std::filesystem::path& vmod, int& exitCode) {
    const std::string out = commandOutput(std::string(SANDTABLE_VASSAL_CHECK) + " '" + vmod.string() +
                                          "' 2>&1; echo \"exit=$?\"");
    std::smatch m;
    exitCode = std::regex_search(out, m, std::regex(R"(exit=(\d+)\s*$)")) ? std::stoi(m[1]) : -1;
    return out;
}

} // namespace sandtable::testing_support
