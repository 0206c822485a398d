#pragma once
// VASSAL's module components (the map window's Zoomer, mouse-over viewer, overview, highlights,
// flare and thread; the toolbar's dice, turn tracker, inventory and notes; set-ups and prototypes),
// each with every attribute VASSAL writes when it saves a module and the value of its default, as
// ../shared/vassal/reference/every-component.buildFile.xml records them. The export writes a
// component from its defaults with its own values over them; the module reader checks a component
// against the same table: no attribute missing, none VASSAL does not write, each of its form.
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

struct VassalAttribute {
    std::string_view name;
    std::string_view defaultValue;
    bool always = true; // false: VASSAL writes it only once it is set (a set-up's saved game)
};

struct VassalComponentInfo {
    std::string_view className;
    std::span<const VassalAttribute> attributes; // as VASSAL writes them: by name
    // Recorded by ../shared/vassal/reference; false: read from VASSAL 3.7's source, where the
    // reference module holds no such component (the list turn level).
    bool inReference = true;
    std::string_view shortName() const;
};

std::span<const VassalComponentInfo> vassalComponents();
// The component of that class, or null.
const VassalComponentInfo* vassalComponentOf(std::string_view className);

// A component as a build file holds it.
struct VassalComponent {
    const VassalComponentInfo* info = nullptr;
    std::string map; // the map window it belongs to; empty: the module's (toolbar, set-ups)
    std::map<std::string, std::string> attributes;
    std::vector<VassalComponent> children; // the components inside it (a turn tracker's levels)
    int line = 0;

    const std::string& operator[](const std::string& attribute) const;
    // How it differs from the form VASSAL writes: an attribute missing or unknown, or a value not
    // of its default's form (true or false, a whole number, a number, a colour "r,g,b", a key
    // stroke "code,modifiers"). Empty when it has the form.
    std::vector<std::string> formProblems() const;
};

} // namespace sandtable
