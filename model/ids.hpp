#pragma once
// Strong ids: a UnitId cannot be passed where a HeadquartersId is expected.
#include <compare>
#include <cstdint>
#include <functional>

namespace sandtable {

template <typename Tag> struct StrongId {
    std::uint32_t value = 0;

    constexpr StrongId() = default;
    constexpr explicit StrongId(std::uint32_t v) : value(v) {}
    constexpr bool valid() const { return value != 0; }
    constexpr auto operator<=>(const StrongId&) const = default;
};

using UnitId = StrongId<struct UnitTag>;
using HeadquartersId = StrongId<struct HeadquartersTag>;
using TrainId = StrongId<struct TrainTag>;
using PathId = StrongId<struct PathTag>;
using FeatureId = StrongId<struct FeatureTag>;

} // namespace sandtable

template <typename Tag> struct std::hash<sandtable::StrongId<Tag>> {
    std::size_t operator()(const sandtable::StrongId<Tag>& id) const noexcept {
        return std::hash<std::uint32_t>{}(id.value);
    }
};
