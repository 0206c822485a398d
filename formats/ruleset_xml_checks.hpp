#pragma once
// What the ruleset file's readers (formats/ruleset_xml.cpp, ruleset_play_xml.cpp) share: a mistake
// at a byte of the file, thrown to the one place that turns it into a LoadError with file and line,
// and the checks of an element's attributes.
#include "model/limits.hpp"

#include <pugixml.hpp>

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>

namespace sandtable::ruleset_xml {

struct Failure {
    std::ptrdiff_t offset;
    std::string message;
};

// Where an element starts, for its mistakes.
inline std::ptrdiff_t at(pugi::xml_node n) {
    return n.offset_debug() - 1;
}

// Throws when `n` has an attribute not in `names`.
void allowOnly(pugi::xml_node n, std::initializer_list<std::string_view> names);

// A number within range, or the message naming the attribute.
double realAttribute(pugi::xml_node n, const char* attribute, limits::RealRange range);
int integerAttribute(pugi::xml_node n, const char* attribute, limits::IntRange range);

} // namespace sandtable::ruleset_xml
