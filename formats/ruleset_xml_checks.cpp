#include "ruleset_xml_checks.hpp"

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace sandtable::ruleset_xml {
namespace {

[[noreturn]] void refuse(pugi::xml_node n, const char* attribute, const std::string& expected) {
    throw Failure{at(n), "attribute '" + std::string(attribute) + "' of <" + n.name() + "> must be " +
                             expected + ", not " + limits::quoted(n.attribute(attribute).value())};
}

} // namespace

void allowOnly(pugi::xml_node n, std::initializer_list<std::string_view> names) {
    for (pugi::xml_attribute a : n.attributes()) {
        if (std::find(names.begin(), names.end(), std::string_view(a.name())) == names.end()) {
            throw Failure{at(n), "unknown attribute " + limits::quoted(a.name()) + " on <" + n.name() + ">"};
        }
    }
}

double realAttribute(pugi::xml_node n, const char* attribute, limits::RealRange range) {
    const std::string copy = n.attribute(attribute).value();
    char* end = nullptr;
    const double v = std::strtod(copy.c_str(), &end);
    if (copy.empty() || end != copy.c_str() + copy.size() || !range.allows(v)) {
        refuse(n, attribute, range.expected());
    }
    return v;
}

int integerAttribute(pugi::xml_node n, const char* attribute, limits::IntRange range) {
    const std::string_view text = n.attribute(attribute).value();
    long long v = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !range.allows(v)) {
        refuse(n, attribute, range.expected());
    }
    return static_cast<int>(v);
}

} // namespace sandtable::ruleset_xml
