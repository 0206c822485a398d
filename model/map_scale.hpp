#pragma once
// A map's ground scale from the tabletop: rules measured in inches ("15 inches = 500 yards") on a
// grid whose cells are a given size on the table give the yards each cell stands for.
#include "enum_names.hpp"

#include <compare>
#include <cstdint>
#include <expected>
#include <string>

namespace sandtable {

enum class LengthUnit : std::uint8_t { Inches, Millimetres };
template <> struct EnumNames<LengthUnit> {
    static constexpr std::array<NameOf<LengthUnit>, 2> names{
        {{LengthUnit::Inches, "in"}, {LengthUnit::Millimetres, "mm"}}};
};

struct TabletopCell {
    double size = 4; // across the cell on the table, in `unit`
    LengthUnit unit = LengthUnit::Inches;
    double inches = 15; // the rules' ratio: `inches` on the table are `yards` on the ground
    double yards = 500;
    auto operator<=>(const TabletopCell&) const = default;

    double sizeInInches() const { return unit == LengthUnit::Millimetres ? size / 25.4 : size; }
};

// Yards per cell (4 inches at 15" = 500 yards: 133.33), or what is wrong with the numbers.
std::expected<double, std::string> yardsPerCell(const TabletopCell& cell);

} // namespace sandtable
