#pragma once
// The labels of a radio box or choice, written as a list where the dialog builds it.
#include <initializer_list>

#include <wx/arrstr.h>

namespace sandtable {

inline wxArrayString labels(std::initializer_list<const char*> items) {
    wxArrayString out;
    for (const char* i : items) {
        out.Add(i);
    }
    return out;
}

} // namespace sandtable
