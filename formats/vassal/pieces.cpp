#include "formats/vassal/pieces.hpp"

#include "formats/vassal/sequence.hpp"

#include <array>
#include <charconv>
#include <optional>
#include <regex>

namespace sandtable {
namespace {

// Every trait and basic piece VASSAL 3.8's BasicCommandEncoder builds. The default types and states
// are the engine's own (../shared/vassal/reference/traits.txt); a test holds this table to that file.
constexpr auto traitTable = std::to_array<VassalTraitInfo>({
    {"BasicPiece", "piece;", "piece;;;;", "null;0;0;;0", true},
    {"Stack", "stack", "", "", true},
    {"Deck", "deck;", "", "", true},
    {"UsePrototype", "prototype;", "prototype;", ""},
    {"Marker", "mark;", "mark;", ""},
    {"DynamicProperty", "PROP;", "PROP;;false,0,100,false;;", ""},
    {"CalculatedProperty", "calcProp;", "calcProp;;;", ""},
    {"Embellishment", "emb2;",
     "emb2;Activate;128;A;;128;;;128;;;;1;false;0;0;;;true;;;;false;;1;1;true;65,130;;;;1.0;;true", "1"},
    {"Embellishment", "emb;", "", ""},
    {"ReportState", "report;", "report;;$location$: $newPieceName$ *;;;;false", "-1"},
    {"Delete", "delete;", "delete;Delete;68,130;", ""},
    {"SendToLocation", "sendto;", "sendto;;;;;0;0;;;0;0;1;1;;L;;;;", ";;"},
    {"MovementMarkable", "markmoved;",
     "markmoved;moved.gif;0;0;Toggle whether piece marked as moved;77,130;;false;Mark piece as moved;;Mark "
     "piece as unmoved;",
     "false"},
    {"TriggerAction", "macro;", "macro;;Trigger;84,130;;;;false;;;counted;;;;false;;1;1", ""},
    {"CounterGlobalKeyCommand", "globalkey;",
     "globalkey;;71,130;75,130;;false;1;true;true;;;-1;COUNTER|false|MAP|||||0|0||false|||EQUALS||;false;",
     ""},
    {"FreeRotator", "rotate;", "rotate;6;93,130;91,130;Rotate CW;Rotate CCW;;;;;;;;true", "0"},
    {"Labeler", "label;",
     "label;;Change label;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;false", ""},
    {"SubMenu", "submenu;", "submenu;Sub-Menu;;", ""},
    {"Footprint", "footprint;",
     "footprint;;Movement Trail;false;false;10;255,255,255;0,0,0;100;50;20;30;1.0;;;;;false",
     "false;;0;false;0"},
    {"RestrictCommands", "hideCmd;", "hideCmd;;Hide;;", ""},
    {"Hideable", "hide;", "hide;73,130;Invisible;;player:;0.30000001192092896;;false", "null"},
    {"Obscurable", "obs;", "obs;77,130;;Mask;I;?;player:;Peek;;true;;", "null;"},
    {"ReturnToDeck", "return;", "return;Return to Deck;82,130;;Select destination;;2;true;", ""},
    {"PlaceMarker", "placemark;", "placemark;Place Marker;77,130;null;null;0;0;false;;;;0;false;false;;1",
     ""},
    {"Replace", "replace;", "replace;Replace;82,130;null;null;0;0;false;;;;0;false;false;;1", ""},
    {"Clone", "clone;", "clone;Clone;67,130;", ""},
    {"SetGlobalProperty", "setprop;", "setprop;;false,0,100,false;;;Current Zone/Current Map/Module;", ""},
    {"Immobilized", "immob;", "immob;;N;R;", ""},
    {"Comment", "cmt;", "cmt;", ""},
    // Traits VASSAL builds whose default form was not recorded from the engine.
    {"TableInfo", "table;", "", ""},
    {"PropertySheet", "propertysheet;", "", ""},
    {"Pivot", "pivot;", "", ""},
    {"NonRectangular", "nonRect;", "", ""},
    {"NonRectangular", "nonRect2;", "", ""},
    {"TranslatableMessage", "locmsg;", "", ""},
    {"Restricted", "restrict;", "", ""},
    {"MenuSeparator", "menuSeparator;", "", ""},
    {"Translate", "translate;", "", ""},
    {"AreaOfEffect", "AreaOfEffect;", "", ""},
    {"SetPieceProperty", "setpieceprop;", "", ""},
    {"PlaySound", "playSound;", "", ""},
    {"ActionButton", "button;", "", ""},
    {"GlobalHotKey", "globalhotkey;", "", ""},
    {"Deselect", "deselect;", "", ""},
    {"Mat", "mat;", "", ""},
    {"MatCargo", "matPiece;", "", ""},
    {"BasicName", "basicName;", "", ""},
    {"BorderOutline", "border;", "", ""},
    {"Attachment", "attach;", "", ""},
    {"MultiLocationCommand", "locCommand;", "", ""},
});

// VASSAL's typePrefix: the type up to and including its first ';', or all of it.
std::string_view idOf(std::string_view type) {
    const auto semicolon = type.find(';');
    return semicolon == std::string_view::npos ? type : type.substr(0, semicolon + 1);
}

// --- the form of a trait's fields ---------------------------------------------------------------

enum class FieldKind { Text, Flag, Number, Real, Key, Char };

struct FieldSpec {
    FieldKind kind;
    std::string absent; // what VASSAL takes when the field is missing
};
using Schema = std::vector<FieldSpec>;

bool isInteger(const std::string& s) {
    int v = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), v);
    return !s.empty() && error == std::errc() && end == s.data() + s.size();
}

bool isReal(const std::string& s) {
    static const std::regex real(R"(-?[0-9]+(\.[0-9]+)?([eE]-?[0-9]+)?)");
    return std::regex_match(s, real);
}

bool isKey(const std::string& s) {
    static const std::regex key(R"(-?[0-9]+,-?[0-9]+(,.*)?)");
    return std::regex_match(s, key);
}

// A field's kind as its value in VASSAL's default shows it.
FieldSpec inferred(const std::string& sample) {
    if (sample == "true" || sample == "false") {
        return {FieldKind::Flag, sample};
    }
    if (isInteger(sample)) {
        return {FieldKind::Number, sample};
    }
    if (isKey(sample)) {
        return {FieldKind::Key, ""};
    }
    if (sample.find('.') != std::string::npos && isReal(sample)) {
        return {FieldKind::Real, sample};
    }
    return {FieldKind::Text, ""};
}

// The fields after a trait's ID (an empty rest is one empty field, as VASSAL reads it).
std::vector<std::string> fieldsOf(std::string_view type, std::string_view id) {
    return vassalTokens(type.substr(std::min(id.size(), type.size())), ';');
}

// BasicPiece: clone key, delete key (a character each), picture, name.
const Schema& basicPieceSchema() {
    static const Schema s{
        {FieldKind::Char, ""}, {FieldKind::Char, ""}, {FieldKind::Text, ""}, {FieldKind::Text, ""}};
    return s;
}

// FreeRotator: how many facings, then (for one, a free rotation) the set-angle key and text or (for
// several) the two turning keys and texts; the random turn's key and text, name, description, the
// direct turn's key, text and expression, and whether that expression is a facing.
const Schema& freeRotatorSchema(bool free) {
    static const Schema stepped{{FieldKind::Number, ""},  {FieldKind::Key, ""},  {FieldKind::Key, ""},
                                {FieldKind::Text, ""},    {FieldKind::Text, ""}, {FieldKind::Key, ""},
                                {FieldKind::Text, ""},    {FieldKind::Text, ""}, {FieldKind::Text, ""},
                                {FieldKind::Key, ""},     {FieldKind::Text, ""}, {FieldKind::Text, ""},
                                {FieldKind::Flag, "true"}};
    static const Schema freeTurn{{FieldKind::Number, ""}, {FieldKind::Key, ""},     {FieldKind::Text, ""},
                                 {FieldKind::Key, ""},    {FieldKind::Text, ""},    {FieldKind::Text, ""},
                                 {FieldKind::Text, ""},   {FieldKind::Key, ""},     {FieldKind::Text, ""},
                                 {FieldKind::Text, ""},   {FieldKind::Flag, "true"}};
    return free ? freeTurn : stepped;
}

std::optional<Schema> schemaOf(const VassalTrait& t) {
    if (t.info == nullptr || t.info->defaultType.empty()) {
        return std::nullopt;
    }
    if (t.info->className == "BasicPiece") {
        return basicPieceSchema();
    }
    if (t.info->className == "FreeRotator") {
        const auto fields = fieldsOf(t.type, t.info->id);
        return freeRotatorSchema(!fields.empty() && fields.front() == "1");
    }
    Schema s;
    for (const std::string& sample : fieldsOf(t.info->defaultType, t.info->id)) {
        s.push_back(inferred(sample));
    }
    return s;
}

// A field as VASSAL writes it back: flags as true or false, a one-character key as its key code
// with Ctrl (VASSAL's old form), a character field as its first character.
std::string canonicalField(const std::string& value, FieldKind kind) {
    switch (kind) {
    case FieldKind::Flag:
        return value == "true" ? "true" : "false";
    case FieldKind::Key:
        if (!value.empty() && value.find(',') == std::string::npos) {
            return std::to_string(static_cast<unsigned char>(value.front())) + ",130";
        }
        return value;
    case FieldKind::Char:
        return value.substr(0, 1);
    default:
        return value;
    }
}

bool hasForm(const std::string& value, FieldKind kind) {
    switch (kind) {
    case FieldKind::Flag:
        return value == "true" || value == "false";
    case FieldKind::Number:
        return isInteger(value);
    case FieldKind::Real:
        return isReal(value);
    case FieldKind::Key:
        return value.empty() || isKey(value);
    case FieldKind::Char:
        return value.size() <= 1;
    case FieldKind::Text:
        return true;
    }
    return true;
}

std::string_view kindName(FieldKind kind) {
    switch (kind) {
    case FieldKind::Flag:
        return "true or false";
    case FieldKind::Number:
        return "a whole number";
    case FieldKind::Real:
        return "a number";
    case FieldKind::Key:
        return "a key stroke (code,modifiers)";
    case FieldKind::Char:
        return "one character";
    case FieldKind::Text:
        return "text";
    }
    return "";
}

// What VASSAL refuses when it builds the trait (it throws, and the piece is not made).
std::optional<std::string> refusal(const VassalTrait& t) {
    if (t.info == nullptr) {
        return std::nullopt;
    }
    const auto fields = fieldsOf(t.type, t.info->id);
    if (t.info->className == "FreeRotator" && (fields.empty() || !isInteger(fields.front()))) {
        return "the rotation trait '" + t.type + "' does not say how many facings it has";
    }
    if (t.info->className == "BasicPiece" && fields.size() < 4) {
        return "the basic piece '" + t.type + "' lacks its picture and name fields";
    }
    return std::nullopt;
}

} // namespace

std::span<const VassalTraitInfo> vassalTraits() {
    return traitTable;
}

const VassalTraitInfo* vassalTraitOf(std::string_view type) {
    const std::string_view id = idOf(type);
    for (const VassalTraitInfo& info : traitTable) {
        if (info.id == id) {
            return &info;
        }
    }
    return nullptr;
}

std::string_view VassalTrait::className() const {
    return info != nullptr ? info->className : std::string_view("unknown");
}

std::string VassalTrait::canonicalType() const {
    const auto schema = schemaOf(*this);
    if (!schema) {
        return type;
    }
    const auto fields = fieldsOf(type, info->id);
    std::vector<std::string> out;
    for (std::size_t i = 0; i < schema->size(); ++i) {
        const FieldSpec& spec = (*schema)[i];
        out.push_back(i < fields.size() ? canonicalField(fields[i], spec.kind) : spec.absent);
    }
    return std::string(info->id) + vassalSequence(out, ';');
}

std::vector<std::string> VassalTrait::formProblems() const {
    if (info == nullptr) {
        return {"VASSAL knows no trait '" + std::string(idOf(type)) +
                "' (it would make it a Marker): " + type};
    }
    const auto schema = schemaOf(*this);
    if (!schema) {
        return {"VASSAL's form of the " + std::string(info->className) + " trait is not recorded: " + type};
    }
    std::vector<std::string> problems;
    const auto fields = fieldsOf(type, info->id);
    if (fields.size() != schema->size()) {
        problems.push_back(std::string(info->className) + " '" + type + "' has " +
                           std::to_string(fields.size()) + " fields where VASSAL writes " +
                           std::to_string(schema->size()));
    }
    for (std::size_t i = 0; i < std::min(fields.size(), schema->size()); ++i) {
        if (!hasForm(fields[i], (*schema)[i].kind)) {
            problems.push_back(std::string(info->className) + " '" + type + "': field " +
                               std::to_string(i + 1) + " '" + fields[i] + "' is not " +
                               std::string(kindName((*schema)[i].kind)));
        }
    }
    return problems;
}

std::vector<std::string> VassalTrait::fields() const {
    return fieldsOf(type, info != nullptr ? info->id : std::string_view());
}

std::string VassalPiece::name() const {
    const auto fields = fieldsOf(basic().type, "piece;");
    return fields.size() >= 4 ? fields[3] : std::string();
}

std::string VassalPiece::image() const {
    const auto fields = fieldsOf(basic().type, "piece;");
    return fields.size() >= 3 ? fields[2] : std::string();
}

std::expected<std::vector<VassalTrait>, std::string> decodeVassalTraits(std::string_view type,
                                                                        std::string_view state) {
    std::vector<VassalTrait> chain;
    std::string restType(type), restState(state);
    // VASSAL nests a chain one level a trait; a module cannot nest deeper than its text is long.
    while (true) {
        VassalSequenceDecoder types(restType, '\t');
        VassalSequenceDecoder states(restState, '\t');
        VassalTrait t;
        t.type = types.next("");
        t.state = states.next("");
        t.info = vassalTraitOf(t.type);
        const std::optional<std::string> inner = types.hasMore() ? types.next() : std::nullopt;
        if (!inner) {
            // The innermost piece: VASSAL builds only its basic pieces there.
            if (t.info == nullptr || !t.info->basic) {
                return std::unexpected("the chain ends in '" + t.type + "', which is not a basic piece");
            }
            if (auto refused = refusal(t)) {
                return std::unexpected(*refused);
            }
            chain.push_back(std::move(t));
            return chain;
        }
        if (t.info != nullptr && t.info->basic) {
            return std::unexpected("the basic piece '" + t.type + "' stands where a trait belongs");
        }
        if (auto refused = refusal(t)) {
            return std::unexpected(*refused);
        }
        auto innerState = states.next();
        if (!innerState) {
            return std::unexpected("no state for the traits inside " + std::string(t.className()) + " '" +
                                   t.type + "'");
        }
        chain.push_back(std::move(t));
        restType = std::move(*inner);
        restState = std::move(*innerState);
    }
}

std::expected<VassalPiece, std::string> decodeVassalPiece(std::string_view addPiece) {
    constexpr std::string_view add = "+/";
    if (!addPiece.starts_with(add)) {
        return std::unexpected(std::string("a piece definition starts with VASSAL's AddPiece command '+/'"));
    }
    VassalSequenceDecoder d(addPiece.substr(add.size()), '/');
    auto id = d.next();
    auto type = d.next();
    auto state = d.next();
    if (!id || !type || !state) {
        return std::unexpected(std::string("the AddPiece command lacks its id, type or state"));
    }
    auto traits = decodeVassalTraits(*type, *state);
    if (!traits) {
        return std::unexpected(traits.error());
    }
    VassalPiece piece;
    piece.id = *id == "null" ? std::string() : *id;
    piece.traits = std::move(*traits);
    return piece;
}

} // namespace sandtable
