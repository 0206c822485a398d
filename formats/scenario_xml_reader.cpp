#include "atomic_file.hpp"
#include "model/battle.hpp"
#include "model/enum_names.hpp"
#include "model/limits.hpp"
#include "model/thread_beside.hpp"
#include "scenario_xml.hpp"
#include "scenario_xml_read_back.hpp"
#include "xml_lexical_check.hpp"

#include <pugixml.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <charconv>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <initializer_list>
#include <optional>
#include <set>
#include <span>
#include <sstream>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace sandtable {
namespace {

// Thrown inside the reader only; readScenario turns it into a LoadError.
struct ReadFailure {
    std::ptrdiff_t offset;
    std::string message;
};

std::string quote(std::string_view s) {
    return limits::quoted(s);
}
std::string element(pugi::xml_node n) {
    return "<" + std::string(n.name()) + ">";
}

template <typename T> bool parseNumber(std::string_view text, T& out) {
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc{} && ptr == end && !text.empty();
}

// Looks keys up in a map, fastest when they come in ascending order (as a file lists its
// placements): a step or two on from the last one found, where a search from the root of a
// 10,000-unit tree misses the cache at most of its levels.
template <typename Map> class AscendingLookup {
  public:
    explicit AscendingLookup(const Map& map) : map_(&map), at_(map.begin()) {}

    bool contains(const typename Map::key_type& key) {
        constexpr int fewSteps = 4;
        for (int step = 0; step < fewSteps && at_ != map_->end() && at_->first < key; ++step) {
            ++at_;
        }
        if (at_ == map_->end() || at_->first != key) {
            at_ = map_->lower_bound(key); // behind, far ahead or missing: a search
        }
        return at_ != map_->end() && at_->first == key;
    }

  private:
    const Map* map_;
    typename Map::const_iterator at_;
};

// Scenario::hasPiece for pieces that mostly come in the order-of-battle's order.
class PiecesInOrder {
  public:
    explicit PiecesInOrder(const OrderOfBattle& oob)
        : units_(oob.units), headquarters_(oob.headquarters), trains_(oob.trains) {}

    bool contains(PieceRef p) {
        switch (p.kind) {
        case PieceKind::Unit:
            return units_.contains(UnitId{p.id});
        case PieceKind::Commander:
            return headquarters_.contains(HeadquartersId{p.id});
        case PieceKind::Train:
            return trains_.contains(TrainId{p.id});
        }
        return false;
    }

  private:
    AscendingLookup<decltype(OrderOfBattle::units)> units_;
    AscendingLookup<decltype(OrderOfBattle::headquarters)> headquarters_;
    AscendingLookup<decltype(OrderOfBattle::trains)> trains_;
};

std::atomic<std::size_t> parsedInTwo{0}, readBackInTwo{0};

class Reader {
  public:
    // Below this size a second thread costs more than it saves.
    static constexpr std::size_t readBesideFromBytes = 1 << 20;

    Reader(std::string_view xml, std::string_view name)
        : xml_(xml), name_(name), beside_(xml.size() >= readBesideFromBytes) {}

    std::expected<Scenario, LoadError> run() {
        if (std::exception_ptr failure = readAll([this] { parse(); })) {
            try {
                std::rethrow_exception(failure);
            } catch (const ReadFailure& f) {
                return std::unexpected(errorAt(f.offset, f.message));
            }
        }
        return std::move(s_);
    }

    // A large battle's text as a save writes it, in two parts (ReadBackInTwo): no whole text to
    // point into, so a failure says only that it failed.
    struct InTwo {};
    Reader(InTwo, std::string_view name) : name_(name), beside_(true) {}

    // The <map> element's text: parsed and checked on the thread that wrote it.
    void mapWritten(std::string_view map) {
        mapParsed_ = mapDoc_.load_buffer(map.data(), map.size(), parseOptions);
        mapBad_ = findLexicalProblem(map).has_value();
        mapBytes_ = map.size();
    }
    // The rest of the text, the map cut out: parsed and checked while the map may still be written.
    void restWritten(std::string_view rest) {
        restParsed_ = doc_.load_buffer(rest.data(), rest.size(), parseOptions);
        restBad_ = findLexicalProblem(rest).has_value();
    }
    // Once both are: whether the battle loads. Only errors of reading are answered false; running
    // out of memory, say, is thrown.
    bool finishInTwo(std::size_t mapAt) {
        if (mapBad_ || restBad_ || !mapParsed_ || !restParsed_ || !splitAsExpected()) {
            return false;
        }
        mapStart_ = static_cast<std::ptrdiff_t>(mapAt);
        mapEnd_ = static_cast<std::ptrdiff_t>(mapAt + mapBytes_);
        if (std::exception_ptr failure = readAll([this] { readRoot(); })) {
            try {
                std::rethrow_exception(failure);
            } catch (const ReadFailure&) {
                return false;
            }
        }
        return true;
    }

  private:
    // Runs `read`, with the map's contents beside it in a large file; what failed, as a reading on
    // one thread would have met it first (the map's contents come before the order of battle and
    // the scenarios), or null.
    template <typename Read> std::exception_ptr readAll(Read&& read) {
        std::exception_ptr failure;
        try {
            read();
        } catch (...) {
            failure = std::current_exception();
        }
        if (std::exception_ptr mapFailure = mapContents_.wait()) {
            failure = mapFailure;
        }
        return failure;
    }

    LoadError errorAt(std::ptrdiff_t offset, const std::string& message) const {
        return LoadError::at(name_, xml_, offset, message);
    }

    [[noreturn]] void fail(pugi::xml_node at, std::string message) const {
        // pugixml points at an element's name; a person looks for its '<'.
        const std::ptrdiff_t offset = !at ? -1 : offsetOf(at) - (at.type() == pugi::node_element ? 1 : 0);
        throw ReadFailure{offset, std::move(message)};
    }
    [[noreturn]] void failAtOffset(std::ptrdiff_t offset, std::string message) const {
        throw ReadFailure{offset, std::move(message)};
    }

    // XML's white space, between labels in a list and around a tag's name.
    static bool space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

    // ----- attributes -----
    // Names of a few letters: a loop the compiler keeps inline beats a call to memcmp.
    static bool sameName(std::string_view a, std::string_view b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (std::size_t i = 0; i < a.size(); ++i) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }
    // `b` as pugixml gives a name, ended by a NUL.
    static bool sameName(std::string_view a, const char* b) { return isNulEndedName(a, b); }

    // One attribute as the readers below take it: its element and name (for messages) and its
    // value, null when the element does not have it.
    struct Attr {
        pugi::xml_node element;
        std::string_view name;
        const char* value;
        explicit operator bool() const { return value != nullptr; }
    };
    static Attr at(pugi::xml_node n, const char* name) {
        const pugi::xml_attribute a = n.attribute(name);
        return {n, name, a ? a.value() : nullptr};
    }

    // An element's attributes, walked once by allowOnly: the names the element takes, each with its
    // value or null. Files list the attributes in the order the element's list names them (the
    // writer keeps that order), so each search starts where the last one matched and usually
    // matches at once: 10,000 units of eleven attributes each are read without comparing every
    // name with every other.
    class Attributes {
      public:
        Attr operator[](std::string_view name) const {
            const std::size_t i = indexOf(name);
            return {element_, name, i < count_ ? values_[i] : nullptr};
        }

        pugi::xml_node node() const { return element_; }

      private:
        friend class Reader;
        static constexpr std::size_t most = 16; // more than any element takes
        // The index of name among the element's names, or count_; the search goes round once.
        template <typename Name> std::size_t indexOf(Name name) const {
            for (std::size_t tried = 0, i = next_; tried < count_; ++tried, i = i + 1 == count_ ? 0 : i + 1) {
                if (sameName(names_[i], name)) {
                    next_ = i + 1 == count_ ? 0 : i + 1;
                    return i;
                }
            }
            return count_;
        }
        pugi::xml_node element_;
        std::array<std::string_view, most> names_{}; // literals: they outlive the list they came in
        std::array<const char*, most> values_{};
        std::size_t count_ = 0;
        mutable std::size_t next_ = 0; // where the next search starts
    };

    Attributes allowOnly(pugi::xml_node n, std::initializer_list<std::string_view> names) const {
        Attributes found;
        found.element_ = n;
        assert(names.size() <= Attributes::most);
        found.count_ = std::min(names.size(), Attributes::most);
        std::copy_n(names.begin(), found.count_, found.names_.begin());
        for (pugi::xml_attribute a = n.first_attribute(); a; a = a.next_attribute()) {
            const char* const name = a.name(); // compared as it is: no strlen for each attribute
            const std::size_t known = found.indexOf(name);
            if (known == found.count_) {
                std::string list;
                for (auto nm : names) {
                    list += (list.empty() ? "" : ", ") + std::string(nm);
                }
                fail(n, "unknown attribute " + quote(name) + " on " + element(n) +
                            (list.empty() ? "; it takes no attributes" : "; expected " + list));
            }
            // The first of a repeated name, as pugixml's lookup gave.
            if (found.values_[known] == nullptr) {
                found.values_[known] = a.value();
            }
        }
        found.next_ = 0;
        return found;
    }

    std::string_view required(Attr a) const {
        if (!a) {
            fail(a.element, element(a.element) + " is missing the attribute " + quote(a.name));
        }
        return a.value;
    }
    std::string_view required(pugi::xml_node n, const char* attr) const { return required(at(n, attr)); }

    static std::string text(Attr a, std::string_view fallback = "") {
        return a ? std::string(a.value) : std::string(fallback);
    }
    static std::string text(pugi::xml_node n, const char* attr, std::string_view fallback = "") {
        return text(at(n, attr), fallback);
    }

    long long integer(Attr a, limits::IntRange range, std::optional<long long> fallback = {}) const {
        if (!a) {
            if (fallback) {
                return *fallback;
            }
            fail(a.element, element(a.element) + " is missing the attribute " + quote(a.name));
        }
        // Most values are a few digits: read as they stand, without measuring the string first
        // (a large battle's order of battle holds 60,000 numbers). Anything else, and anything
        // out of range, goes the general way, which says what is wrong.
        long long v = 0;
        std::size_t digits = 0;
        for (unsigned d; digits < 9 && (d = digitAt(a.value + digits)) <= 9; ++digits) {
            v = v * 10 + d;
        }
        if (digits > 0 && a.value[digits] == '\0' && range.allows(v)) {
            return v;
        }
        if (!parseNumber(std::string_view(a.value), v) || !range.allows(v)) {
            fail(a.element, "attribute " + quote(a.name) + " of " + element(a.element) + " must be " +
                                range.expected() + ", not " + quote(a.value));
        }
        return v;
    }
    long long integer(pugi::xml_node n, const char* attr, limits::IntRange range,
                      std::optional<long long> fallback = {}) const {
        return integer(at(n, attr), range, fallback);
    }
    int int32(Attr a, limits::IntRange range, std::optional<int> fallback = {}) const {
        return static_cast<int>(
            integer(a, range, fallback ? std::optional<long long>(*fallback) : std::nullopt));
    }
    int int32(pugi::xml_node n, const char* attr, limits::IntRange range,
              std::optional<int> fallback = {}) const {
        return int32(at(n, attr), range, fallback);
    }

    double number(Attr a, limits::RealRange range, std::optional<double> fallback = {}) const {
        if (!a) {
            if (fallback) {
                return *fallback;
            }
            fail(a.element, element(a.element) + " is missing the attribute " + quote(a.name));
        }
        double v = 0;
        if (!parseNumber(std::string_view(a.value), v) || !range.allows(v)) {
            fail(a.element, "attribute " + quote(a.name) + " of " + element(a.element) + " must be " +
                                range.expected() + ", not " + quote(a.value));
        }
        return v;
    }
    double number(pugi::xml_node n, const char* attr, limits::RealRange range,
                  std::optional<double> fallback = {}) const {
        return number(at(n, attr), range, fallback);
    }

    // Six numbers separated by spaces, an invertible transformation from pixels to cells.
    Affine affineAttribute(pugi::xml_node n, const char* attr) const {
        const std::string text = n.attribute(attr).value();
        Affine m{};
        std::size_t count = 0, at = 0;
        bool ok = true;
        while (ok && at < text.size()) {
            const std::size_t end = std::min(text.find(' ', at), text.size());
            if (end > at) {
                double v = 0;
                ok = count < 6 && parseNumber(std::string_view(text).substr(at, end - at), v) &&
                     limits::backgroundOrigin.allows(v);
                if (ok) {
                    m[count++] = v;
                }
            }
            at = end + 1;
        }
        if (!ok || count != 6 || std::abs(m[0] * m[4] - m[1] * m[3]) < 1e-15) {
            fail(n, "attribute " + quote(attr) + " of " + element(n) +
                        " must be six numbers of an invertible transformation, not " + quote(text));
        }
        return m;
    }

    bool boolean(pugi::xml_node n, const char* attr, bool fallback) const {
        const Attr a = at(n, attr);
        if (!a) {
            return fallback;
        }
        const std::string_view v = a.value;
        if (v == "true") {
            return true;
        }
        if (v == "false") {
            return false;
        }
        fail(n, "attribute " + quote(attr) + " of " + element(n) + " must be true or false, not " + quote(v));
    }

    template <typename E> E enumeration(Attr a, std::optional<E> fallback = {}) const {
        if (!a) {
            if (fallback) {
                return *fallback;
            }
            fail(a.element, element(a.element) + " is missing the attribute " + quote(a.name));
        }
        if (const std::optional<E> named = parseEnum<E>(a.value)) {
            return *named;
        }
        fail(a.element, "attribute " + quote(a.name) + " of " + element(a.element) + " is " + quote(a.value) +
                            "; expected " + expectedNames<E>());
    }
    template <typename E>
    E enumeration(pugi::xml_node n, const char* attr, std::optional<E> fallback = {}) const {
        return enumeration<E>(at(n, attr), fallback);
    }

    Offset cellFrom(pugi::xml_node n, std::string_view label, std::string_view attr) const {
        const Grid& g = s_.map.grid;
        if (auto c = g.parseLabel(label)) {
            return *c;
        }
        const std::string first = g.label({0, 0}), last = g.label({g.cols() - 1, g.rows() - 1});
        fail(n, "cell " + quote(label) + " in attribute " + quote(attr) + " of " + element(n) +
                    " is not on the map: labels run from " + first + " to " + last + " (column then row, " +
                    std::to_string(first.size() / 2) + " digits each)");
    }

    Offset cell(Attr a) const { return cellFrom(a.element, required(a), a.name); }
    Offset cell(pugi::xml_node n, const char* attr) const { return cell(at(n, attr)); }

    // Into a path's vector or a placement's PlacedCells.
    template <typename Cells = std::vector<Offset>> Cells cellList(Attr a) const {
        const Grid& g = s_.map.grid;
        Cells out;
        const std::string_view list = required(a);
        // Every label has the same length: the list's length bounds the count without a pass over it.
        const std::size_t labelLength = g.labelLength();
        out.reserve(list.size() / (labelLength + 1) + 1);
        // Plain loops: find_first_of asks memchr of the four spaces for every character.
        for (std::size_t first = 0; first < list.size();) {
            if (space(list[first])) {
                ++first;
                continue;
            }
            // A label is usually as long as every label, all digits (as parseLabel asks), and
            // followed by a space or the end: then it is taken without looking for its end.
            std::size_t end = first + labelLength;
            std::optional<Offset> c;
            if (end <= list.size() && (end == list.size() || space(list[end]))) {
                c = g.parseLabel(list.substr(first, labelLength));
            }
            if (!c) {
                end = first;
                while (end < list.size() && !space(list[end])) {
                    ++end;
                }
                const std::string_view label = list.substr(first, end - first);
                c = cellFrom(a.element, label, a.name); // fails with the reason when it is no label
            }
            out.push_back(*c);
            first = end;
        }
        if (out.empty()) {
            fail(a.element, "attribute " + quote(a.name) + " of " + element(a.element) + " lists no cells");
        }
        return out;
    }
    std::vector<Offset> cellList(pugi::xml_node n, const char* attr) const { return cellList(at(n, attr)); }

    PieceRef pieceFrom(pugi::xml_node n, std::string_view ref, const char* attr) const {
        const auto parsed = parsePieceRef(ref);
        if (!parsed) {
            fail(n, "attribute " + quote(attr) + " of " + element(n) + " is " + quote(ref) +
                        "; expected unit:ID, commander:ID or train:ID");
        }
        const PieceRef p = *parsed;
        if (!piecesInOrder_) {
            piecesInOrder_.emplace(s_.oob); // the order of battle is read by now, and stays as it is
        }
        if (!piecesInOrder_->contains(p)) {
            fail(n, std::string(element(n)) + " refers to " + std::string(ref) +
                        ", which is not in the order of battle");
        }
        return p;
    }

    std::uint32_t id(Attr a) const { return static_cast<std::uint32_t>(integer(a, limits::id)); }
    std::uint32_t id(pugi::xml_node n) const { return id(at(n, "id")); }

    // Adds key to m unless it is there. Files list ids in ascending order (the writer keeps them
    // so), so the usual place is the end, found without a search.
    template <typename Key, typename V>
    static bool emplaceAscending(std::map<Key, V>& m, Key key, V&& value) {
        if (m.empty() || m.rbegin()->first < key) {
            m.emplace_hint(m.end(), key, std::move(value));
            return true;
        }
        return m.emplace(key, std::move(value)).second;
    }

    template <typename Id, typename V>
    void insertUnique(std::map<Id, V>& m, Id key, V value, pugi::xml_node n, std::string_view what) {
        if (!emplaceAscending(m, key, std::move(value))) {
            // Only on the error: the first element of this name with the same id.
            pugi::xml_node first = n;
            for (pugi::xml_node e = n.parent().child(n.name()); e && e != n; e = e.next_sibling(n.name())) {
                if (e.attribute("id").as_uint() == key.value) {
                    first = e;
                    break;
                }
            }
            fail(n, "duplicate " + std::string(what) + " id " + std::to_string(key.value) +
                        " (first at line " + std::to_string(errorAt(offsetOf(first), "").line) + ")");
        }
    }

    // ----- children -----
    void allowChildren(pugi::xml_node n, std::initializer_list<std::string_view> names) const {
        for (pugi::xml_node c : n.children()) {
            if (c.type() != pugi::node_element) {
                continue;
            }
            if (std::find(names.begin(), names.end(), std::string_view(c.name())) == names.end()) {
                failUnexpected(n, c, names);
            }
        }
    }
    [[noreturn]] void failUnexpected(pugi::xml_node n, pugi::xml_node c,
                                     std::span<const std::string_view> names) const {
        std::string list;
        for (auto nm : names) {
            list += (list.empty() ? "<" : ">, <") + std::string(nm);
        }
        fail(c, "unexpected element " + element(c) + " in " + element(n) +
                    (list.empty() ? "; it holds no elements" : "; expected " + list + ">"));
    }

    // The element children of `n` by name, in the file's order, in one walk (a big battle's order of
    // battle or deployment has thousands): an element of another name fails as allowChildren does.
    template <std::size_t N>
    std::array<std::vector<pugi::xml_node>, N>
    childrenNamed(pugi::xml_node n, const std::array<std::string_view, N>& names) const {
        std::array<std::vector<pugi::xml_node>, N> out;
        std::size_t last = 0; // children of one name come together: the last one's name is tried first
        for (pugi::xml_node c = n.first_child(); c; c = c.next_sibling()) {
            if (c.type() != pugi::node_element) {
                continue;
            }
            const std::string_view name = c.name();
            if (names[last] != name) {
                last = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
                if (last == N) {
                    failUnexpected(n, c, names);
                }
            }
            out[last].push_back(c);
        }
        return out;
    }

    // All the text of an element, whatever comments or CDATA sections split it; an element inside
    // free text is refused rather than dropped.
    std::string wholeText(pugi::xml_node n, std::string_view what) const {
        if (!n) {
            return {};
        }
        std::string out;
        for (pugi::xml_node c : n.children()) {
            if (c.type() == pugi::node_pcdata || c.type() == pugi::node_cdata) {
                out += c.value();
            } else if (c.type() == pugi::node_element) {
                fail(c, "unexpected element " + element(c) + " inside the text of " + element(n) +
                            "; free text holds no elements (write < as &lt;)");
            }
        }
        if (auto problem = limits::checkText(what, out)) {
            fail(n, *problem);
        }
        return out;
    }

    // A name attribute: required, one line, not empty.
    std::string name(Attr a, std::string_view what) const {
        std::string value(required(a));
        if (auto problem = limits::checkName(what, value)) {
            fail(a.element, "attribute " + quote(a.name) + " of " + element(a.element) + ": " + *problem);
        }
        return value;
    }
    std::string name(pugi::xml_node n, const char* attr, std::string_view what) const {
        return name(at(n, attr), what);
    }

    pugi::xml_node single(pugi::xml_node parent, const char* name, bool needed) const {
        pugi::xml_node found = parent.child(name);
        if (!found && needed) {
            fail(parent, element(parent) + " has no <" + std::string(name) + "> element");
        }
        if (found && found.next_sibling(name)) {
            fail(found.next_sibling(name),
                 element(parent) + " has more than one <" + std::string(name) + ">");
        }
        return found;
    }

    static constexpr unsigned parseOptions = pugi::parse_default | pugi::parse_ws_pcdata;

    // A large file as Sandtable writes it is parsed as two documents at once: its <map> on a
    // second core (with the lexical check), and the rest, the map cut out, on this one. The map is
    // found by its tags in the bytes; whatever could make that wrong (a tag in a comment or a
    // CDATA section, two maps, another encoding) leaves one half malformed or the pair not as
    // expected, and then the file is parsed whole, so every message and offset is the same as if
    // it always were. False: parse it whole (`bad` untouched).
    bool parseInTwo(std::optional<LexicalProblem>& bad) {
        constexpr std::string_view declaration = R"(<?xml version="1.0" encoding="UTF-8"?>)";
        if (!xml_.starts_with(declaration)) {
            return false;
        }
        std::size_t start = xml_.find("<map", declaration.size());
        while (start != std::string_view::npos && start + 4 < xml_.size() && !space(xml_[start + 4]) &&
               xml_[start + 4] != '>') {
            start = xml_.find("<map", start + 4);
        }
        std::size_t end = start == std::string_view::npos ? start : xml_.find("</map", start);
        if (end == std::string_view::npos) {
            return false;
        }
        end += 5;
        while (end < xml_.size() && space(xml_[end])) {
            ++end;
        }
        if (end == xml_.size() || xml_[end] != '>') {
            return false;
        }
        ++end;
        pugi::xml_parse_result mapParsed;
        ThreadBeside mapBeside([&] {
            mapParsed = mapDoc_.load_buffer(xml_.data() + start, end - start, parseOptions);
            bad = findLexicalProblem(xml_);
        });
        rest_.reserve(xml_.size() - (end - start));
        rest_.assign(xml_.substr(0, start));
        rest_.append(xml_.substr(end));
        const pugi::xml_parse_result restParsed =
            doc_.load_buffer_inplace(rest_.data(), rest_.size(), parseOptions);
        mapBeside.join();
        if (bad || (mapParsed && restParsed && splitAsExpected())) {
            if (!bad) {
                mapStart_ = static_cast<std::ptrdiff_t>(start);
                mapEnd_ = static_cast<std::ptrdiff_t>(end);
                ++parsedInTwo;
            }
            return true;
        }
        mapDoc_.reset();
        doc_.reset();
        rest_ = {};
        return false;
    }

    // The two documents are a file's <map> and its <battle> without it: as if parsed whole.
    bool splitAsExpected() const {
        const pugi::xml_node map = mapDoc_.first_child(), root = doc_.document_element();
        return map && map == mapDoc_.last_child() && map.type() == pugi::node_element &&
               std::string_view(map.name()) == "map" && std::string_view(root.name()) == "battle" &&
               !root.child("map");
    }

    // Where a node stands in the file, whichever document of a split file holds it.
    std::ptrdiff_t offsetOf(pugi::xml_node n) const {
        const std::ptrdiff_t at = n.offset_debug();
        if (mapStart_ < 0 || at < 0) {
            return at;
        }
        if (n.root() == mapDoc_.root()) {
            return mapStart_ + at;
        }
        return at >= mapStart_ ? at + (mapEnd_ - mapStart_) : at;
    }

    // The battle's <map>: in the map's own document when the file was parsed in two.
    pugi::xml_node mapOf(pugi::xml_node root) const {
        return mapStart_ >= 0 ? mapDoc_.document_element() : single(root, "map", true);
    }

    // ----- sections -----
    void parse() {
        if (xml_.find_first_not_of(" \t\r\n") == std::string_view::npos) {
            failAtOffset(0, "the file is empty; a Sandtable file starts with <battle format-version=\"2\">");
        }
        // The lexical check's message wins over the parser's; in a large file both run at once.
        std::optional<LexicalProblem> bad;
        pugi::xml_parse_result r;
        if (!beside_) {
            bad = findLexicalProblem(xml_);
        }
        if (!bad && beside_ && parseInTwo(bad)) {
            r.status = pugi::status_ok;
        } else if (!bad) {
            ThreadBeside check;
            if (beside_) {
                check = ThreadBeside([this, &bad] { bad = findLexicalProblem(xml_); });
            }
            r = doc_.load_buffer(xml_.data(), xml_.size(), parseOptions);
            check.join();
        }
        if (bad) {
            failAtOffset(static_cast<std::ptrdiff_t>(bad->offset), bad->message);
        }
        if (!r) {
            if (r.status == pugi::status_no_document_element) {
                failAtOffset(
                    0, "no XML element found; a Sandtable file starts with <battle format-version=\"2\">");
            }
            std::string what = r.description();
            // Only an error at the very end means the file stops early; one in the middle is a typo.
            const auto contentEnd = xml_.find_last_not_of(" \t\r\n") + 1;
            if (static_cast<std::size_t>(std::max<std::ptrdiff_t>(r.offset, 0)) + 1 >= contentEnd) {
                what += " (the file ends before its elements are closed: is it truncated?)";
            }
            failAtOffset(r.offset, "not well-formed XML: " + what);
        }
        readRoot();
    }

    // The parsed document's root and all it holds.
    void readRoot() {
        pugi::xml_node root = doc_.document_element();
        const std::string_view rootName = root.name();
        if (rootName != "battle" && rootName != "scenario") {
            fail(root, "the root element is " + element(root) +
                           "; a Sandtable file starts with <battle> (or <scenario> in format-version 1)");
        }
        allowOnly(root, {"format-version"});
        const long long version = integer(root, "format-version", limits::formatVersion);
        if (version > currentFormatVersion) {
            fail(root, "format-version " + std::to_string(version) +
                           " was written by a newer Sandtable; this one reads up to " +
                           std::to_string(currentFormatVersion) + ". Update Sandtable to open it");
        }
        version_ = static_cast<int>(version);
        if (version == 1) {
            if (rootName != "scenario") {
                fail(root, "a format-version 1 file starts with <scenario>, not <battle>");
            }
            allowChildren(root, {"info", "map", "order-of-battle", "deployment", "events", "exclusions"});
            readMap(single(root, "map", true));
            if (auto oob = single(root, "order-of-battle", false)) {
                readOrderOfBattle(oob);
            }
            readScenario(root);
            return;
        }
        if (rootName != "battle") {
            fail(root, "a format-version " + std::to_string(version) +
                           " file starts with <battle>, which holds the map, the order of battle and "
                           "one <scenario> or more");
        }
        allowChildren(root, {"map", "order-of-battle", "scenario"});
        readMap(mapOf(root));
        if (auto oob = single(root, "order-of-battle", false)) {
            readOrderOfBattle(oob);
        }
        if (!root.child("scenario")) {
            fail(root, "<battle> has no <scenario>; a battle needs one scenario at least");
        }
        std::vector<ScenarioStart> starts;
        std::unordered_map<std::string, pugi::xml_node> titles;
        for (pugi::xml_node sc : root.children("scenario")) {
            allowOnly(sc, {});
            try {
                readScenario(sc);
            } catch (ReadFailure& f) {
                f.message = inScenario_ + f.message;
                throw;
            }
            inScenario_.clear();
            if (auto [it, added] = titles.emplace(s_.info.title, sc); !added) {
                fail(sc, "two scenarios are titled " + quote(s_.info.title) + " (the first at line " +
                             std::to_string(errorAt(offsetOf(it->second), "").line) +
                             "); each scenario of a battle needs its own title");
            }
            starts.push_back(takeCurrentStart(s_));
        }
        putStarts(s_, std::move(starts), 0);
    }

    // One scenario's own start: the <scenario> element of a battle, or the root of a version-1 file.
    void readScenario(pugi::xml_node n) {
        const bool inBattle = std::string_view(n.name()) == "scenario" && n.parent() != doc_;
        if (inBattle) {
            allowChildren(n, {"info", "forces", "deployment", "events", "exclusions"});
        }
        readInfo(single(n, "info", true));
        if (inBattle) {
            // From here on every message says which scenario it is about (parse adds it).
            inScenario_ = "scenario " + quote(s_.info.title) + ": ";
            if (auto forces = single(n, "forces", false)) {
                readForces(forces);
            }
        }
        if (auto dep = single(n, "deployment", false)) {
            readDeployment(dep);
        }
        if (auto ev = single(n, "events", false)) {
            readEvents(ev);
        }
        if (auto ex = single(n, "exclusions", false)) {
            readExclusions(ex);
        }
    }

    void readForces(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"force"});
        std::set<HeadquartersId> forces;
        for (pugi::xml_node f : n.children("force")) {
            allowOnly(f, {"headquarters"});
            const HeadquartersId hq{static_cast<std::uint32_t>(integer(f, "headquarters", limits::id))};
            if (!s_.oob.headquarters.contains(hq)) {
                fail(f, "<force> names headquarters " + std::to_string(hq.value) +
                            ", which is not in the order of battle");
            }
            if (!forces.insert(hq).second) {
                fail(f, "<force> names headquarters " + std::to_string(hq.value) + " twice");
            }
        }
        if (forces.empty()) {
            fail(n, "<forces> lists no force; name the headquarters taking part, or leave <forces> out "
                    "for the whole order of battle");
        }
        s_.deployment.forces = std::move(forces);
    }

    void readInfo(pugi::xml_node n) {
        allowOnly(n, {"title", "date", "place", "theatre", "turn-minutes", "turns", "start-time",
                      "night-turns", "dawn", "first-player", "ruleset", "also-rulesets"});
        allowChildren(n, {"side", "setup-notes", "special-rules", "objectives", "victory-conditions"});
        ScenarioInfo& info = s_.info;
        info.title = name(n, "title", "the title");
        info.date = text(n, "date");
        if (!info.date.empty() && !limits::isDate(info.date)) {
            fail(n, "attribute 'date' of <info> must be a date as YYYY-MM-DD (1861-07-21), not " +
                        quote(info.date));
        }
        info.place = text(n, "place");
        info.theatre = enumeration<Theatre>(n, "theatre", Theatre::Eastern);
        info.turnMinutes = int32(n, "turn-minutes", limits::turnMinutes, 20);
        info.turns = int32(n, "turns", limits::turns, 12);
        for (const auto& [attribute, time] :
             {std::pair{"start-time", &info.startTime}, {"dawn", &info.dawn}}) {
            if (pugi::xml_attribute a = n.attribute(attribute)) {
                *time = parseClockTime(a.value());
                if (!*time) {
                    fail(n, "attribute " + quote(attribute) + " of <info> must be " +
                                std::string(clockTimeForm) + ", not " + quote(a.value()));
                }
            }
        }
        if (pugi::xml_attribute a = n.attribute("night-turns")) {
            auto nights = parseTurnList(a.value());
            if (!nights) {
                fail(n, "attribute 'night-turns' of <info> must be " + std::string(turnListForm) + ", not " +
                            quote(a.value()));
            }
            info.nightTurns = std::move(*nights);
        }
        info.firstPlayer = enumeration<Side>(n, "first-player", Side::Union);
        info.ruleset = text(n, "ruleset");
        {
            std::istringstream names(text(n, "also-rulesets"));
            for (std::string name; names >> name;) {
                if (name == info.ruleset ||
                    std::ranges::find(info.otherRulesets, name) != info.otherRulesets.end()) {
                    fail(n, "attribute 'also-rulesets' of <info> names " + quote(name) + " twice");
                }
                info.otherRulesets.push_back(name);
            }
        }
        std::array<pugi::xml_node, 2> sideSeen{}, objectivesSeen{};
        for (pugi::xml_node side : n.children("side")) {
            allowOnly(side, {"id", "name"});
            const Side id = enumeration<Side>(side, "id");
            failIfSeen(sideSeen[sideIndex(id)], side, "<side id=\"" + std::string(enumName(id)) + "\">");
            info.sideNames[sideIndex(id)] = name(side, "name", "the side's name");
        }
        info.setupNotes = wholeText(single(n, "setup-notes", false), "the set-up notes");
        info.specialRules = wholeText(single(n, "special-rules", false), "the special rules");
        info.victoryConditions = wholeText(single(n, "victory-conditions", false), "the victory conditions");
        for (pugi::xml_node o : n.children("objectives")) {
            allowOnly(o, {"side"});
            const Side side = enumeration<Side>(o, "side");
            failIfSeen(objectivesSeen[sideIndex(side)], o,
                       "<objectives side=\"" + std::string(enumName(side)) + "\">");
            info.objectives[sideIndex(side)] = wholeText(o, "the objectives");
        }
        if (auto problem = limits::checkInfo(info)) {
            fail(n, *problem);
        }
    }

    // The second element that may appear once (two <side id="union">) is an error, never a
    // silent replacement of the first.
    void failIfSeen(pugi::xml_node& seen, pugi::xml_node now, const std::string& what) const {
        if (seen) {
            fail(now, what + " appears twice (first at line " +
                          std::to_string(errorAt(offsetOf(seen), "").line) + "); keep one");
        }
        seen = now;
    }

    // Yards per cell, or the tabletop scale of rules measured in inches (a cell's size on the table
    // and the rules' inches-to-yards), from which the yards follow.
    void readScale(pugi::xml_node n, Map& map) const {
        const bool tabletop = n.attribute("cell-size") || n.attribute("cell-unit") ||
                              n.attribute("scale-inches") || n.attribute("scale-yards");
        if (!tabletop) {
            map.yardsPerCell = number(n, "yards-per-cell", limits::yardsPerCell);
            return;
        }
        if (n.attribute("yards-per-cell")) {
            fail(n, "<map> gives both yards-per-cell and a tabletop scale (cell-size, scale-inches, "
                    "scale-yards); "
                    "give one of them");
        }
        TabletopCell t;
        t.unit = enumeration<LengthUnit>(n, "cell-unit", LengthUnit::Inches);
        const double perInch = t.unit == LengthUnit::Millimetres ? 25.4 : 1.0;
        t.size = number(n, "cell-size",
                        {limits::tabletopInches.lo * perInch, limits::tabletopInches.hi * perInch});
        t.inches = number(n, "scale-inches", limits::tabletopInches);
        t.yards = number(n, "scale-yards", limits::yardsPerCell);
        const auto yards = yardsPerCell(t);
        if (!yards) {
            fail(n, yards.error());
        }
        map.tabletop = t;
        map.yardsPerCell = *yards;
    }

    void readMap(pugi::xml_node n) {
        allowOnly(n, {"grid", "parity", "cols", "rows", "label-base", "yards-per-cell", "cell-size",
                      "cell-unit", "scale-inches", "scale-yards", "feet-per-contour", "base-feet"});
        allowChildren(n, {"terrain-types", "background", "geo", "terrain", "elevation", "surface", "hexsides",
                          "paths", "features"});
        Grid::Parameters gp;
        gp.shape = enumeration<GridShape>(n, "grid");
        gp.parity = enumeration<OffsetParity>(n, "parity", OffsetParity::Odd);
        gp.cols = int32(n, "cols", limits::mapSide);
        gp.rows = int32(n, "rows", limits::mapSide);
        if (static_cast<long long>(gp.cols) * gp.rows > limits::maxCells) {
            fail(n, "the map is " + limits::formatNumber(static_cast<long long>(gp.cols)) + " x " +
                        limits::formatNumber(static_cast<long long>(gp.rows)) + " cells; at most " +
                        limits::formatNumber(limits::maxCells) + " cells are allowed");
        }
        gp.labelBase = int32(n, "label-base", limits::labelBase, 1);
        Map& map = s_.map;
        map.grid = Grid(gp);
        readScale(n, map);
        map.feetPerContour = int32(n, "feet-per-contour", limits::feetPerContour, 20);
        if (n.attribute("base-feet")) {
            map.baseFeet = int32(n, "base-feet", limits::baseFeet);
        }
        readTerrainTypes(single(n, "terrain-types", true));
        if (auto bg = single(n, "background", false)) {
            allowOnly(bg,
                      {"file", "origin-x", "origin-y", "units-per-pixel", "rotation", "opacity", "affine"});
            BackgroundImage b;
            b.file = required(bg, "file");
            b.originX = number(bg, "origin-x", limits::backgroundOrigin, 0.0);
            b.originY = number(bg, "origin-y", limits::backgroundOrigin, 0.0);
            b.unitsPerPixel = number(bg, "units-per-pixel", limits::unitsPerPixel);
            b.rotationDegrees = number(bg, "rotation", limits::rotationDegrees, 0.0);
            b.opacity = number(bg, "opacity", limits::opacity, 0.5);
            if (bg.attribute("affine")) {
                b.affine = affineAttribute(bg, "affine");
            }
            allowChildren(bg, {"point"});
            for (pugi::xml_node point : bg.children("point")) {
                allowOnly(point, {"px", "py", "x", "y"});
                b.controlPoints.push_back({number(point, "px", limits::scanPixel),
                                           number(point, "py", limits::scanPixel),
                                           number(point, "x", limits::backgroundOrigin),
                                           number(point, "y", limits::backgroundOrigin)});
            }
            map.background = b;
        }
        if (auto geo = single(n, "geo", false)) {
            allowOnly(geo, {"crs", "anchor", "x", "y", "rotation"});
            GeoPlacement g;
            g.crs = required(geo, "crs");
            g.anchor = enumeration<GeoAnchor>(geo, "anchor", GeoAnchor::Centre);
            g.x = number(geo, "x", limits::geoCoordinate);
            g.y = number(geo, "y", limits::geoCoordinate);
            g.rotationDegrees = number(geo, "rotation", limits::rotationDegrees, 0.0);
            allowChildren(geo, {"point"});
            for (pugi::xml_node point : geo.children("point")) {
                allowOnly(point, {"cell", "x", "y"});
                g.controlPoints.push_back({cell(point, "cell"), number(point, "x", limits::geoCoordinate),
                                           number(point, "y", limits::geoCoordinate)});
            }
            map.geo = g;
        }
        // The rest needs only the grid and the terrain types, and nothing after the map needs it: in
        // a large file it is read on a second core while this one reads the order of battle.
        if (!beside_) {
            readMapContents(n);
            return;
        }
        mapContents_ = ThreadBeside([this, n] { readMapContents(n); });
    }

    // The map's layers, sides, paths and features; they write only these parts of the scenario.
    void readMapContents(pugi::xml_node n) {
        Map& map = s_.map;
        map.terrain = readLayer<TerrainIndex>(single(n, "terrain", true), 0,
                                              static_cast<long long>(map.terrainTypes.size()) - 1,
                                              "terrain type index");
        if (auto elev = single(n, "elevation", false)) {
            map.elevation =
                readLayer<std::int16_t>(elev, limits::elevation.lo, limits::elevation.hi, "elevation level");
        } else {
            map.elevation.assign(map.grid.cellCount(), 0);
        }
        if (auto surface = single(n, "surface", false)) {
            readSurface(surface);
        }
        if (auto hs = single(n, "hexsides", false)) {
            readHexsides(hs);
        }
        if (auto paths = single(n, "paths", false)) {
            readPaths(paths);
        }
        if (auto features = single(n, "features", false)) {
            readFeatures(features);
        }
    }

    // The terrain model's heights kept with the map: hundredths of a level on a lattice of
    // `samples-per-cell` points a cell from the map's top-left corner, row by row.
    void readSurface(pugi::xml_node n) {
        allowOnly(n, {"encoding", "samples-per-cell"});
        HeightSurface surface;
        surface.samplesPerCell = int32(n, "samples-per-cell", limits::surfaceSamplesPerCell);
        const Grid& g = s_.map.grid;
        std::tie(surface.cols, surface.rows) = HeightSurface::shapeFor(g, surface.samplesPerCell);
        if (static_cast<long long>(surface.cols) * surface.rows > limits::surfacePoints) {
            fail(n, element(n) + " of " + std::to_string(surface.samplesPerCell) + " points a cell on the " +
                        std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + " map would hold " +
                        std::to_string(static_cast<long long>(surface.cols) * surface.rows) +
                        " points, more than the " + std::to_string(limits::surfacePoints) +
                        " allowed; fewer points a cell fit");
        }
        const int cols = surface.cols;
        const std::vector<std::int32_t> hundredths = readValues<std::int32_t>(
            n, limits::elevation.lo * 100LL, limits::elevation.hi * 100LL, "height",
            {surface.cols, surface.rows,
             "a surface of " + std::to_string(surface.samplesPerCell) + " points a cell on the " +
                 std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + " map (" +
                 std::to_string(surface.cols) + " x " + std::to_string(surface.rows) + " points)",
             "the surface is " + std::to_string(surface.cols) + " points wide", [cols](std::size_t i) {
                 return "point " + std::to_string(i % static_cast<std::size_t>(cols) + 1) + " of row " +
                        std::to_string(i / static_cast<std::size_t>(cols) + 1);
             }});
        surface.levels.reserve(hundredths.size());
        for (const std::int32_t h : hundredths) {
            surface.levels.push_back(static_cast<float>(h) / 100.0f);
        }
        s_.map.surface = std::move(surface);
    }

    void readTerrainTypes(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"terrain"});
        std::set<std::string> keys;
        for (pugi::xml_node t : n.children("terrain")) {
            allowOnly(t, {"key", "name", "class", "cover", "blocks-sight", "colour", "symbol"});
            TerrainType type;
            type.key = required(t, "key");
            if (!keys.insert(type.key).second) {
                fail(t, "duplicate terrain key " + quote(type.key));
            }
            type.name = text(t, "name", type.key);
            type.terrainClass = enumeration<TerrainClass>(t, "class");
            type.cover = enumeration<Cover>(t, "cover", Cover::None);
            type.blocksSight = boolean(t, "blocks-sight", false);
            type.colour = colour(t, "colour");
            type.symbol = enumeration<TerrainSymbol>(t, "symbol", TerrainSymbol::None);
            s_.map.terrainTypes.push_back(std::move(type));
        }
        if (s_.map.terrainTypes.empty() || s_.map.terrainTypes.size() > 256) {
            fail(n, "<terrain-types> must declare from 1 to 256 <terrain> types, not " +
                        std::to_string(s_.map.terrainTypes.size()));
        }
    }

    Rgb colour(pugi::xml_node n, const char* attr) const {
        const std::string_view v = required(n, attr);
        unsigned value = 0;
        if (v.size() != 7 || v[0] != '#' ||
            std::from_chars(v.data() + 1, v.data() + 7, value, 16).ptr != v.data() + 7) {
            fail(n, "attribute " + quote(attr) + " of " + element(n) + " must be a colour as #rrggbb, not " +
                        quote(v));
        }
        return {static_cast<std::uint8_t>(value >> 16), static_cast<std::uint8_t>(value >> 8),
                static_cast<std::uint8_t>(value)};
    }

    // An offset into an element's text as pugixml gives it, back in the file's bytes: a CRLF in the
    // file is one LF in the text, and a reference (`&#48;`, `&amp;`) is the character it stands for,
    // so a layer's offsets would drift otherwise.
    std::ptrdiff_t inFile(std::ptrdiff_t textStart, std::ptrdiff_t intoText) const {
        const auto size = static_cast<std::ptrdiff_t>(xml_.size());
        const std::string_view file = xml_;
        std::ptrdiff_t at = textStart;
        for (std::ptrdiff_t k = 0; k < intoText && at < size;) {
            const char c = file[static_cast<std::size_t>(at)];
            if (c == '\r' && at + 1 < size && file[static_cast<std::size_t>(at) + 1] == '\n') {
                at += 2;
                ++k;
            } else if (const auto reference =
                           c == '&' ? referenceAt(file.substr(static_cast<std::size_t>(at))) : std::nullopt) {
                at += reference->inFile;
                k += reference->inText;
            } else {
                ++at;
                ++k;
            }
        }
        return at;
    }

    // A reference at the start of `from` (the document parsed, so it is well formed): its length in
    // the file and the UTF-8 bytes of what it stands for.
    struct Reference {
        std::ptrdiff_t inFile, inText;
    };
    static std::optional<Reference> referenceAt(std::string_view from) {
        const std::size_t end = from.find(';');
        if (end == std::string_view::npos || end > 12) {
            return std::nullopt;
        }
        const std::string_view body = from.substr(1, end - 1);
        std::uint32_t code = 0;
        if (body.starts_with('#')) {
            const bool hex = body.size() > 1 && (body[1] == 'x' || body[1] == 'X');
            const std::string_view digits = body.substr(hex ? 2 : 1);
            if (std::from_chars(digits.data(), digits.data() + digits.size(), code, hex ? 16 : 10).ec !=
                std::errc{}) {
                return std::nullopt;
            }
        } else {
            code = 'a'; // &lt; &gt; &amp; &apos; &quot;: one byte each
        }
        const std::ptrdiff_t bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
        return Reference{static_cast<std::ptrdiff_t>(end) + 1, bytes};
    }

    // A layer written a row per line (as the writer does) whose count is wrong: the first line that
    // is not a row long is named, where a short row shifts every cell after it. A layer laid out
    // otherwise (all on one line, say) is left to the whole-count message.
    // `across`: what a row must hold, "the map is 24 columns wide".
    void failAtShortOrLongRow(pugi::xml_node n, const char* text, std::ptrdiff_t base, int cols,
                              const std::string& across) const {
        const auto at = [&](const char* where) { return inFile(base, where - text); };
        struct Line {
            const char* start;
            int values;
        };
        std::vector<Line> lines;
        const char* lineStart = text;
        int values = 0;
        bool inValue = false;
        for (const char* p = text;; ++p) {
            if (*p == '\n' || *p == '\0') {
                if (values > 0) {
                    lines.push_back({lineStart, values});
                }
                if (*p == '\0') {
                    break;
                }
                lineStart = p + 1;
                values = 0;
                inValue = false;
            } else if (*p == ',' || *p == ' ' || *p == '\r' || *p == '\t') {
                inValue = false;
            } else if (!inValue) {
                inValue = true;
                ++values;
            }
        }
        if (lines.size() < 2 || lines.front().values != cols) {
            return;
        }
        for (std::size_t row = 0; row < lines.size(); ++row) {
            if (lines[row].values != cols) {
                const char* first = lines[row].start;
                while (*first == ' ' || *first == '\t' || *first == '\r') {
                    ++first;
                }
                failAtOffset(at(first), "row " + std::to_string(row + 1) + " of " + element(n) + " has " +
                                            std::to_string(lines[row].values) + " values; " + across);
            }
        }
    }

    // A dense layer: one integer per cell, row by row, separated by commas (as TMX's CSV).
    template <typename T>
    std::vector<T> readLayer(pugi::xml_node n, long long lo, long long hi, std::string_view what) {
        allowOnly(n, {"encoding"});
        const Grid& g = s_.map.grid;
        return readValues<T>(n, lo, hi, what,
                             {g.cols(), g.rows(),
                              "the " + std::to_string(g.cols()) + " x " + std::to_string(g.rows()) + " map",
                              "the map is " + std::to_string(g.cols()) + " columns wide",
                              [&g](std::size_t i) { return "cell " + g.label(g.offsetAt(i)); }});
    }

    // What a dense run of numbers must hold: `cols` x `rows`, for `whose` ("the 24 x 20 map"), the
    // i-th number's place named by `place`.
    struct ValuesShape {
        int cols = 0, rows = 0;
        std::string whose;
        std::string across; // "the map is 24 columns wide"
        std::function<std::string(std::size_t)> place;
    };

    // The digit a character stands for, or more than 9.
    static unsigned digitAt(const char* p) {
        return static_cast<unsigned>(static_cast<unsigned char>(*p)) - '0';
    }

    template <typename T>
    std::vector<T> readValues(pugi::xml_node n, long long lo, long long hi, std::string_view what,
                              const ValuesShape& shape) {
        allowChildren(n, {});
        if (const std::string enc = text(n, "encoding", "csv"); enc != "csv") {
            fail(n, "encoding " + quote(enc) + " of " + element(n) + " is not supported; expected csv");
        }
        const std::size_t expected =
            static_cast<std::size_t>(shape.cols) * static_cast<std::size_t>(shape.rows);
        // Written by index and the number kept apart from the rare path's from_chars: a value
        // whose address is taken, or a push_back, lives in memory, and this loop runs 2,000,000
        // times on a 1000 x 1000 map.
        std::vector<T> out(expected);
        std::size_t count = 0;
        pugi::xml_node data = n.first_child();
        const char* p = data ? data.value() : "";
        const std::ptrdiff_t base = data ? offsetOf(data) : offsetOf(n);
        const char* const begin = p;
        auto at = [&](const char* where) { return inFile(base, where - begin); };
        const auto separator = [](char c) {
            return c == '\0' || c == ',' || c == ' ' || c == '\n' || c == '\r' || c == '\t';
        };
        bool expectValue = true;
        while (true) {
            // The usual value, as the writer lays a layer out: one or two digits and a comma, in
            // range. Anything else is read below, which says what is wrong with it.
            if (const unsigned first = digitAt(p); expectValue && first <= 9 && count < expected) {
                const unsigned second = digitAt(p + 1); // p[1] is there: p[0] is no NUL
                const bool two = second <= 9 && digitAt(p + 2) > 9;
                const char* const after = p + (two ? 2 : 1);
                const long long v = two ? first * 10 + second : first;
                if ((second > 9 || two) && *after == ',' && v >= lo && v <= hi) {
                    out[count++] = static_cast<T>(v);
                    p = after + 1;
                    continue;
                }
            }
            while (*p == ' ' || *p == '\n' || *p == '\r' || *p == '\t') {
                ++p;
            }
            if (*p == '\0') {
                break;
            }
            if (*p == ',') {
                if (expectValue) {
                    failAtOffset(at(p), "empty value in " + element(n) + ": two commas with nothing between");
                }
                expectValue = true;
                ++p;
                continue;
            }
            if (!expectValue) {
                failAtOffset(at(p), "missing comma in " + element(n) + " before " +
                                        quote(std::string_view(p, std::min<std::size_t>(8, std::strlen(p)))));
            }
            // The usual value, a few digits after an optional minus, is read here; anything else (no
            // digits, a stray character, very long) goes to from_chars, and its error says what.
            long long v = 0;
            const char* end = p + (*p == '-' ? 1 : 0);
            const char* const digits = end;
            while (*end >= '0' && *end <= '9' && end - digits < 18) {
                v = v * 10 + (*end - '0');
                ++end;
            }
            const bool usual = end != digits && separator(*end);
            if (usual) {
                v = *p == '-' ? -v : v;
            } else {
                while (!separator(*end)) {
                    ++end;
                }
            }
            if (!usual) {
                long long parsed = 0;
                if (!parseNumber(std::string_view(p, static_cast<std::size_t>(end - p)), parsed)) {
                    failAtOffset(at(p), std::string(what) + " " +
                                            quote(std::string_view(p, static_cast<std::size_t>(end - p))) +
                                            " in " + element(n) + " is not a whole number");
                }
                v = parsed;
            }
            if (v < lo || v > hi) {
                failAtOffset(at(p), std::string(what) + " " + std::to_string(v) + " in " + element(n) +
                                        " at " + shape.place(std::min(count, expected - 1)) +
                                        " is out of range: expected " + std::to_string(lo) + " to " +
                                        std::to_string(hi));
            }
            if (count == expected) {
                failAtShortOrLongRow(n, begin, base, shape.cols, shape.across);
                failAtOffset(at(p), element(n) + " has more than the " + std::to_string(expected) +
                                        " values " + shape.whose + " needs");
            }
            out[count++] = static_cast<T>(v);
            expectValue = false;
            p = end;
            // The usual comma after a value, taken now rather than by another turn of the loop.
            if (*p == ',') {
                expectValue = true;
                ++p;
            }
        }
        if (count != expected) {
            failAtShortOrLongRow(n, begin, base, shape.cols, shape.across);
            fail(n, element(n) + " has " + std::to_string(count) + " values; " + shape.whose + " needs " +
                        std::to_string(expected));
        }
        return out;
    }

    void readHexsides(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"hexside"});
        const Grid& g = s_.map.grid;
        for (pugi::xml_node h : n.children("hexside")) {
            const Attributes a = allowOnly(h, {"cell", "side", "features", "crossing"});
            const Offset c = cell(a["cell"]);
            const int side = int32(a["side"], {0, g.sideCount() - 1});
            Hexside value;
            const std::string list = text(a["features"]);
            std::size_t pos = 0;
            while (pos < list.size()) {
                const auto end = std::min(list.find(' ', pos), list.size());
                const std::string_view word = std::string_view(list).substr(pos, end - pos);
                if (!word.empty()) {
                    auto f = parseEnum<SideFeature>(word);
                    if (!f) {
                        fail(h, "feature " + quote(word) + " of <hexside> is unknown; expected " +
                                    expectedNames<SideFeature>());
                    }
                    value.set(*f, true);
                }
                pos = end + 1;
            }
            value.crossing = enumeration<Crossing>(a["crossing"], Crossing::None);
            if (value.empty()) {
                fail(h, "<hexside> at " + g.label(c) + " has neither features nor a crossing");
            }
            const EdgeId e = g.edge(c, side);
            if (!s_.map.hexsides.emplace(e, value).second) {
                fail(h, "the side " + std::to_string(side) + " of cell " + g.label(c) +
                            " is listed twice (a side is shared by two cells; list it once)");
            }
        }
    }

    void readPaths(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"path"});
        const Grid& g = s_.map.grid;
        for (pugi::xml_node p : n.children("path")) {
            const Attributes a = allowOnly(p, {"id", "kind", "name", "cells"});
            Path path;
            path.kind = enumeration<PathKind>(a["kind"]);
            path.name = text(a["name"]);
            path.cells = cellList(a["cells"]);
            if (path.cells.size() < 2) {
                fail(p, "<path> needs at least two cells");
            }
            for (std::size_t i = 1; i < path.cells.size(); ++i) {
                if (!g.adjacent(path.cells[i - 1], path.cells[i])) {
                    fail(p, "<path> jumps from " + g.label(path.cells[i - 1]) + " to " +
                                g.label(path.cells[i]) +
                                ", which are not adjacent; list every cell the path crosses");
                }
            }
            insertUnique(s_.map.paths, PathId{id(a["id"])}, std::move(path), p, "path");
        }
    }

    void readFeatures(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"feature"});
        for (pugi::xml_node f : n.children("feature")) {
            const Attributes a = allowOnly(f, {"id", "kind", "cell", "name", "side", "value"});
            Feature feature;
            feature.kind = enumeration<FeatureKind>(a["kind"]);
            feature.cell = cell(a["cell"]);
            feature.name = text(a["name"]);
            if (a["side"]) {
                feature.side = enumeration<Side>(a["side"]);
            }
            feature.value = int32(a["value"], limits::featureValue, 0);
            insertUnique(s_.map.features, FeatureId{id(a["id"])}, std::move(feature), f, "feature");
        }
    }

    void readOrderOfBattle(pugi::xml_node n) {
        allowOnly(n, {});
        const auto [hqs, units, trains] =
            childrenNamed(n, std::array<std::string_view, 3>{"headquarters", "unit", "train"});
        for (pugi::xml_node h : hqs) {
            const Attributes a = allowOnly(h, {"id", "side", "echelon", "parent", "name", "commander",
                                               "commander-quality", "supply-cell"});
            Headquarters hq;
            hq.side = enumeration<Side>(a["side"]);
            hq.echelon = enumeration<Echelon>(a["echelon"]);
            hq.parent = HeadquartersId{static_cast<std::uint32_t>(integer(a["parent"], limits::id, 0))};
            hq.name = name(a["name"], "the headquarters' name");
            hq.commander = text(a["commander"]);
            if (a["commander-quality"]) {
                hq.commanderQuality = enumeration<Quality>(a["commander-quality"]);
            }
            if (a["supply-cell"]) {
                if (hq.echelon != Echelon::Corps) {
                    fail(h, "supply-cell is for a corps (its line of supply), not for a " +
                                std::string(enumName(hq.echelon)));
                }
                hq.supplyCell = cell(a["supply-cell"]);
            }
            if (auto problem = limits::checkHeadquarters(hq)) {
                fail(h, *problem);
            }
            const HeadquartersId hid{id(a["id"])};
            insertUnique(s_.oob.headquarters, hid, std::move(hq), h, "headquarters");
        }
        checkHeadquartersTree(hqs);
        // A headquarters' units come together in a file: its existence is looked up once for them.
        std::optional<HeadquartersId> knownParent;
        for (pugi::xml_node u : units) {
            const Attributes a = allowOnly(u, {"id", "parent", "name", "roster", "arm", "stands", "strength",
                                               "quality", "weapon", "gun", "formation"});
            Unit unit;
            unit.parent = HeadquartersId{static_cast<std::uint32_t>(integer(a["parent"], limits::id))};
            if (unit.parent != knownParent) {
                if (!s_.oob.headquarters.contains(unit.parent)) {
                    fail(u, "unit's parent headquarters " + std::to_string(unit.parent.value) +
                                " does not exist");
                }
                knownParent = unit.parent;
            }
            unit.name = name(a["name"], "the unit's name");
            unit.roster = int32(a["roster"], limits::roster, 0);
            unit.arm = enumeration<Arm>(a["arm"]);
            unit.stands = int32(a["stands"], limits::stands);
            unit.strength = int32(a["strength"], limits::strength, 0);
            unit.quality = enumeration<Quality>(a["quality"], Quality::Regular);
            unit.weapon = enumeration<Weapon>(a["weapon"], Weapon::None);
            unit.gun = enumeration<Gun>(a["gun"], Gun::None);
            unit.formation = enumeration<Formation>(a["formation"], Formation::Line);
            insertUnique(s_.oob.units, UnitId{id(a["id"])}, std::move(unit), u, "unit");
        }
        for (pugi::xml_node t : trains) {
            const Attributes a = allowOnly(t, {"id", "corps", "name"});
            Train train;
            train.corps = HeadquartersId{static_cast<std::uint32_t>(integer(a["corps"], limits::id))};
            const Headquarters* corps = s_.oob.find(train.corps);
            if (corps == nullptr || corps->echelon != Echelon::Corps) {
                fail(t, "train's corps " + std::to_string(train.corps.value) +
                            (corps ? " is a " + std::string(enumName(corps->echelon)) + ", not a corps"
                                   : " does not exist"));
            }
            train.name = text(a["name"]);
            if (auto problem = limits::checkTrain(train)) {
                fail(t, *problem);
            }
            insertUnique(s_.oob.trains, TrainId{id(a["id"])}, std::move(train), t, "train");
        }
    }

    // `nodes`: the <headquarters> elements, where a mistake is said to be (looked for only then).
    void checkHeadquartersTree(std::span<const pugi::xml_node> nodes) const {
        const auto nodeOf = [&](std::uint32_t id) {
            return *std::ranges::find_if(nodes,
                                         [&](pugi::xml_node h) { return h.attribute("id").as_uint() == id; });
        };
        const auto& hqs = s_.oob.headquarters;
        // By position in the map's order, each parent as a position: walks by index, not by hash (a
        // big battle has thousands of headquarters).
        constexpr std::size_t none = static_cast<std::size_t>(-1);
        std::vector<std::uint32_t> ids;
        std::vector<const Headquarters*> of;
        ids.reserve(hqs.size());
        of.reserve(hqs.size());
        for (const auto& [hid, hq] : hqs) {
            ids.push_back(hid.value);
            of.push_back(&hq);
        }
        std::vector<std::size_t> parent(ids.size(), none);
        for (std::size_t i = 0; i < ids.size(); ++i) {
            if (of[i]->parent.valid()) {
                const auto it = std::lower_bound(ids.begin(), ids.end(), of[i]->parent.value);
                if (it != ids.end() && *it == of[i]->parent.value) {
                    parent[i] = static_cast<std::size_t>(it - ids.begin());
                }
            }
        }
        // Each headquarters is walked once: a walk stops at one already known to reach an army.
        enum : std::uint8_t { unknown, onThisWalk, settled };
        std::vector<std::uint8_t> state(ids.size(), unknown);
        std::vector<std::size_t> walk;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            walk.clear();
            for (std::size_t up = i; up != none && state[up] != settled; up = parent[up]) {
                if (state[up] == onThisWalk) {
                    std::vector<std::uint32_t> walked;
                    for (std::size_t w : walk) {
                        walked.push_back(ids[w]);
                    }
                    fail(nodeOf(ids[i]),
                         "the order of battle has a cycle: headquarters " + cycleText(walked, ids[up]));
                }
                state[up] = onThisWalk;
                walk.push_back(up);
            }
            for (std::size_t w : walk) {
                state[w] = settled;
            }
        }
        for (std::size_t i = 0; i < ids.size(); ++i) {
            const Headquarters& hq = *of[i];
            const auto at = [&] { return nodeOf(ids[i]); };
            if (hq.echelon == Echelon::Army) {
                if (hq.parent.valid()) {
                    fail(at(), "an army is the top of its order of battle and has no parent");
                }
                continue;
            }
            if (!hq.parent.valid()) {
                fail(at(), "a " + std::string(enumName(hq.echelon)) + " needs a parent headquarters");
            }
            if (parent[i] == none) {
                fail(at(), "parent headquarters " + std::to_string(hq.parent.value) + " does not exist");
            }
            const Headquarters* up = of[parent[i]];
            if (up->echelon >= hq.echelon) {
                fail(at(), "a " + std::string(enumName(hq.echelon)) + " cannot be under a " +
                               std::string(enumName(up->echelon)) +
                               " (the order is army, corps, division, brigade)");
            }
            if (up->side != hq.side) {
                fail(at(), "headquarters " + std::to_string(ids[i]) + " is " +
                               std::string(enumName(hq.side)) + " but its parent " +
                               std::to_string(hq.parent.value) + " is " + std::string(enumName(up->side)));
            }
        }
    }

    // "3 -> 4 -> 5 -> 3", at most a dozen steps shown.
    static std::string cycleText(const std::vector<std::uint32_t>& walk, std::uint32_t repeated) {
        const auto start = std::find(walk.begin(), walk.end(), repeated);
        const auto steps = static_cast<std::size_t>(walk.end() - start);
        constexpr std::size_t shown = 12;
        std::string chain;
        std::size_t i = 0;
        for (auto it = start; it != walk.end(); ++it, ++i) {
            if (i == shown / 2 && steps > shown) {
                chain += "... (" + std::to_string(steps - shown) + " more) -> ";
                it += static_cast<std::ptrdiff_t>(steps - shown);
            }
            chain += std::to_string(*it) + " -> ";
        }
        return chain + std::to_string(repeated);
    }

    std::optional<Facing> facing(Attr a) const {
        if (!a) {
            return std::nullopt;
        }
        const std::string_view v = a.value;
        const pugi::xml_node n = a.element;
        const auto colon = v.find(':');
        int index = -1;
        const auto kind =
            colon == std::string_view::npos ? std::nullopt : parseEnum<FacingKind>(v.substr(0, colon));
        const int sides = s_.map.grid.sideCount();
        if (!kind || !parseNumber(v.substr(colon + 1), index) || index < 0 || index >= sides) {
            fail(n, "attribute 'facing' of " + element(n) + " is " + quote(v) +
                        "; expected side:N or corner:N with N from 0 to " + std::to_string(sides - 1));
        }
        return Facing{*kind, static_cast<std::uint8_t>(index)};
    }

    // The piece a <place> or <reinforcement> deploys: in the order of battle, and under a force the
    // scenario lists.
    PieceRef deployedPiece(const Attributes& a) const {
        const pugi::xml_node n = a.node();
        const std::string_view ref = required(a["piece"]);
        const PieceRef piece = pieceFrom(n, ref, "piece");
        if (!takesPart(s_, piece)) {
            fail(n, std::string(ref) + " is deployed, but it is under none of the forces "
                                       "the scenario lists in <forces>");
        }
        return piece;
    }

    // A unit's stands and strength at the start, when losses have brought them below full.
    StrengthNow strengthNow(const Attributes& a, PieceRef piece) const {
        const pugi::xml_node n = a.node();
        StrengthNow now;
        if (!a["stands"] && !a["strength"]) {
            return now;
        }
        if (piece.kind != PieceKind::Unit) {
            fail(n, "only units have stands and strength; " + std::string(required(a["piece"])) +
                        " is not a unit");
        }
        const Unit& u = s_.oob.units.at(UnitId{piece.id});
        if (a["stands"]) {
            now.stands = int32(a["stands"], limits::stands);
            if (*now.stands > u.stands) {
                fail(n, "attribute 'stands' of " + element(n) + " is " + std::to_string(*now.stands) + "; " +
                            u.name + " has " + std::to_string(u.stands) + " at full strength");
            }
        }
        if (a["strength"]) {
            now.strength = int32(a["strength"], limits::strength);
            if (*now.strength > u.strength) {
                fail(n, "attribute 'strength' of " + element(n) + " is " + std::to_string(*now.strength) +
                            "; " + u.name + " has " + std::to_string(u.strength) + " at full strength");
            }
        }
        return now;
    }

    // A cell the list holds twice, if any. A piece spans a cell or a few, compared pair by pair
    // without a sorted copy; a long list is sorted.
    static std::optional<Offset> listedTwice(const PlacedCells& cells) {
        constexpr std::size_t fewCells = 8;
        if (cells.size() <= fewCells) {
            for (std::size_t i = 1; i < cells.size(); ++i) {
                if (std::find(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(i), cells[i]) !=
                    cells.begin() + static_cast<std::ptrdiff_t>(i)) {
                    return cells[i];
                }
            }
            return std::nullopt;
        }
        std::vector<Offset> sorted(cells.begin(), cells.end());
        std::sort(sorted.begin(), sorted.end());
        if (auto twice = std::adjacent_find(sorted.begin(), sorted.end()); twice != sorted.end()) {
            return *twice;
        }
        return std::nullopt;
    }

    void readDeployment(pugi::xml_node n) {
        allowOnly(n, {});
        const auto [places, reinforcements] =
            childrenNamed(n, std::array<std::string_view, 2>{"place", "reinforcement"});
        const Grid& g = s_.map.grid;
        for (pugi::xml_node p : places) {
            const Attributes a = allowOnly(p, {"piece", "cells", "facing", "stands", "strength"});
            const PieceRef piece = deployedPiece(a);
            Placement pl;
            pl.cells = cellList<PlacedCells>(a["cells"]);
            if (const std::optional<Offset> twice = listedTwice(pl.cells)) {
                fail(p,
                     "cell " + g.label(*twice) + " is listed twice for " + std::string(required(a["piece"])));
            }
            if (piece.kind != PieceKind::Unit && pl.cells.size() > 1) {
                fail(p, "only units may span several cells; " + std::string(required(a["piece"])) +
                            " lists " + std::to_string(pl.cells.size()));
            }
            pl.facing = facing(a["facing"]);
            pl.now = strengthNow(a, piece);
            if (!emplaceAscending(s_.deployment.placements, piece, std::move(pl))) {
                fail(p, std::string(required(a["piece"])) + " is placed twice");
            }
        }
        for (pugi::xml_node r : reinforcements) {
            const Attributes a = allowOnly(r, {"piece", "turn", "entry", "stands", "strength"});
            const PieceRef piece = deployedPiece(a);
            if (s_.deployment.placements.contains(piece)) {
                fail(r, std::string(required(a["piece"])) +
                            " is both placed on the map and arriving as a reinforcement");
            }
            Reinforcement re{int32(a["turn"], limits::turns), cell(a["entry"]),
                             wholeText(r, "the reinforcement's note"), strengthNow(a, piece)};
            if (!emplaceAscending(s_.deployment.reinforcements, piece, std::move(re))) {
                fail(r, std::string(required(a["piece"])) + " arrives as a reinforcement twice");
            }
        }
    }

    void readEvents(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"event"});
        for (pugi::xml_node e : n.children("event")) {
            allowOnly(e, {"roll"});
            const int roll = int32(e, "roll", limits::eventRoll);
            if (!s_.events.emplace(roll, wholeText(e, "the event")).second) {
                fail(e, "the events table has roll " + std::to_string(roll) + " twice");
            }
        }
    }

    void readExclusions(pugi::xml_node n) {
        allowOnly(n, {});
        allowChildren(n, {"exclusion"});
        for (pugi::xml_node e : n.children("exclusion")) {
            allowOnly(e, {"rule", "cells", "pieces"});
            Exclusion ex;
            ex.rule = required(e, "rule");
            if (e.attribute("cells")) {
                ex.cells = cellList(e, "cells");
            }
            const std::string list = text(e, "pieces");
            std::size_t pos = 0;
            while (pos < list.size()) {
                const auto end = std::min(list.find(' ', pos), list.size());
                if (end > pos) {
                    ex.pieces.push_back(
                        pieceFrom(e, std::string_view(list).substr(pos, end - pos), "pieces"));
                }
                pos = end + 1;
            }
            ex.comment = wholeText(e, "the exclusion's comment");
            s_.exclusions.push_back(std::move(ex));
        }
    }

    std::string_view xml_;
    std::string name_;
    pugi::xml_document doc_; // the file, or all of it but the map when it was parsed in two
    pugi::xml_document mapDoc_;
    std::string rest_;                           // doc_'s bytes, parsed in place, when in two
    std::ptrdiff_t mapStart_ = -1, mapEnd_ = -1; // the map's bytes in the file, when in two
    bool beside_;                                // the map's contents read on a second core
    // A text read back in two (InTwo): how each part parsed and whether it passed the lexical check.
    pugi::xml_parse_result mapParsed_, restParsed_;
    bool mapBad_ = false, restBad_ = false;
    std::size_t mapBytes_ = 0;
    Scenario s_;
    std::string inScenario_; // "scenario 'Day 2': " while reading one of a battle's scenarios
    // The map's layers, sides, paths and features, read beside the order of battle in a large file.
    ThreadBeside mapContents_;
    mutable std::optional<PiecesInOrder> piecesInOrder_; // pieceFrom's, on this thread only

  public:
    int version_ = 0; // the file's format-version, once read
};

} // namespace

std::size_t filesParsedInTwo() {
    return parsedInTwo;
}

struct ReadBackInTwo::Reading {
    explicit Reading(std::string_view name) : reader(Reader::InTwo{}, name) {}
    Reader reader;
};

ReadBackInTwo::ReadBackInTwo(std::string_view name) : reading_(std::make_unique<Reading>(name)) {}

ReadBackInTwo::~ReadBackInTwo() = default;

void ReadBackInTwo::mapWritten(std::string_view map) {
    reading_->reader.mapWritten(map);
}

void ReadBackInTwo::restWritten(std::string_view rest) {
    reading_->reader.restWritten(rest);
}

bool ReadBackInTwo::loads(std::size_t mapAt) {
    const bool loaded = reading_->reader.finishInTwo(mapAt);
    readBackInTwo += loaded ? 1 : 0;
    return loaded;
}

std::size_t savesReadBackInTwo() {
    return readBackInTwo;
}

std::expected<Scenario, LoadError> readScenarioFromString(std::string_view xml, std::string_view name,
                                                          int* formatVersion) {
    Reader reader(xml, name);
    auto scenario = reader.run();
    if (formatVersion != nullptr) {
        *formatVersion = reader.version_;
    }
    return scenario;
}

std::expected<Scenario, LoadError> readScenario(const std::filesystem::path& path, int* formatVersion) {
    auto bytes = readWholeFile(path);
    if (!bytes) {
        return std::unexpected(LoadError{path.string(), 0, 0, bytes.error()});
    }
    return readScenarioFromString(*bytes, path.string(), formatVersion);
}

} // namespace sandtable
