#pragma once
// One table of stable names per enum, used by the file format, the CLI and the docs alike.
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace sandtable {

template <typename E> using NameOf = std::pair<E, std::string_view>;

// Specialise with: static constexpr std::array<NameOf<E>, N> names{{{E::A, "a"}, ...}};
template <typename E> struct EnumNames;

template <typename E> constexpr std::string_view enumName(E value) {
    for (const auto& [v, name] : EnumNames<E>::names) {
        if (v == value) {
            return name;
        }
    }
    return "?";
}

// The value whose name `isTheName` accepts: one search for both kinds of text parseEnum takes.
template <typename E, typename NameTest> constexpr std::optional<E> enumNamed(NameTest isTheName) {
    for (const auto& [v, name] : EnumNames<E>::names) {
        if (isTheName(name)) {
            return v;
        }
    }
    return std::nullopt;
}

template <typename E> constexpr std::optional<E> parseEnum(std::string_view text) {
    return enumNamed<E>([text](std::string_view name) { return name == text; });
}

// Whether `text`, ended by a NUL as an XML parser hands a value over, is `name`: compared where it
// stands, without measuring it first. It differs from `name` at the first character where it is
// shorter, so it is never read past its end.
constexpr bool isNulEndedName(std::string_view name, const char* text) {
    for (std::size_t i = 0; i < name.size(); ++i) {
        if (name[i] != text[i]) {
            return false;
        }
    }
    return text[name.size()] == '\0';
}

template <typename E> constexpr std::optional<E> parseEnum(const char* text) {
    return enumNamed<E>([text](std::string_view name) { return isNulEndedName(name, text); });
}

// "a, b or c": for error messages that list what was expected.
template <typename E> std::string expectedNames() {
    std::string out;
    const auto& names = EnumNames<E>::names;
    for (std::size_t i = 0; i < names.size(); ++i) {
        if (i > 0) {
            out += i + 1 == names.size() ? " or " : ", ";
        }
        out += names[i].second;
    }
    return out;
}

} // namespace sandtable
