#pragma once
// Shared by the render tests: what an outside program (pdfinfo, pdftotext, xmllint...) prints.
#include <cstdio>
#include <memory>
#include <string>

namespace sandtable::testing_support {

// Standard output of a shell command; empty if it cannot be started.
inline std::string commandOutput(const std::string& command) {
    std::string out;
    std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
    char buf[512];
    while (pipe && fgets(buf, sizeof buf, pipe.get())) {
        out += buf;
    }
    return out;
}

} // namespace sandtable::testing_support
