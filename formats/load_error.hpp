#pragma once
// LoadError says why a file could not be read: which file, where in it, and what was wrong.
#include <string>

namespace sandtable {

struct LoadError {
    std::string file;
    int line = 0;   // 1-based; 0 when the problem is not at one place (file missing)
    int column = 0; // 1-based; 0 when unknown
    std::string message;

    // "file:line:column: message", as compilers print, so editors can jump to it.
    std::string toString() const;
};

} // namespace sandtable
