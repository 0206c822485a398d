#pragma once
#include "enum_names.hpp"

#include <cstdint>

namespace sandtable {

// The two sides of every scenario.
enum class Side : std::uint8_t { Union, Confederate };

template <> struct EnumNames<Side> {
    static constexpr std::array<NameOf<Side>, 2> names{
        {{Side::Union, "union"}, {Side::Confederate, "confederate"}}};
};

constexpr Side otherSide(Side s) {
    return s == Side::Union ? Side::Confederate : Side::Union;
}
constexpr std::size_t sideIndex(Side s) {
    return static_cast<std::size_t>(s);
}

} // namespace sandtable
