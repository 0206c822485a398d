#pragma once
// A small streaming JSON writer for reports (info, validate) and the JSON export: correct string
// escaping, commas handled, pretty-printed with two-space indents.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace sandtable {

class JsonWriter {
  public:
    JsonWriter& beginObject();
    JsonWriter& endObject();
    JsonWriter& beginArray();
    JsonWriter& endArray();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& value(long long v);
    JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(std::size_t v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(std::uint32_t v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(double v);
    JsonWriter& value(bool v);
    JsonWriter& null();

    template <typename T> JsonWriter& field(std::string_view k, const T& v) { return key(k).value(v); }

    // The document, ending with a newline.
    std::string str() const { return out_ + "\n"; }

  private:
    void beforeValue();
    void newline();
    std::string out_;
    struct Level {
        bool array;
        bool empty;
    };
    std::vector<Level> stack_;
    bool afterKey_ = false;
};

std::string jsonEscape(std::string_view s);

} // namespace sandtable
