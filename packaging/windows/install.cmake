# What `cmake --install` adds on Windows (packaging/windows/make-packages.sh packs it into the zip
# and the installer): the console twin, every DLL the programs load (found by following their
# imports through the dependencies' prefix and the MinGW runtime; what is found in neither is
# Windows' own), the fonts the maps are set in with a fontconfig that needs no configuration file,
# PROJ's database, and the licences of everything bundled.
set(SANDTABLE_WINDOWS_PREFIX "$ENV{SANDTABLE_WINDOWS_PREFIX}" CACHE PATH
    "Where packaging/windows/deps.sh installed the Windows dependencies")
if(NOT IS_DIRECTORY "${SANDTABLE_WINDOWS_PREFIX}/bin")
  message(FATAL_ERROR "SANDTABLE_WINDOWS_PREFIX (${SANDTABLE_WINDOWS_PREFIX}) holds no built dependencies; "
                      "run ./dev windows-deps first")
endif()
get_filename_component(windows_cache "${SANDTABLE_WINDOWS_PREFIX}" DIRECTORY)

install(TARGETS sandtable_console RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The MinGW runtime's folders, asked of the compiler (libstdc++, libgcc, winpthread).
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libstdc++-6.dll
                OUTPUT_VARIABLE libstdcxx OUTPUT_STRIP_TRAILING_WHITESPACE)
execute_process(COMMAND ${CMAKE_CXX_COMPILER} -print-file-name=libwinpthread-1.dll
                OUTPUT_VARIABLE winpthread OUTPUT_STRIP_TRAILING_WHITESPACE)
get_filename_component(runtime_dir "${libstdcxx}" DIRECTORY)
get_filename_component(winpthread_dir "${winpthread}" DIRECTORY)
find_program(MINGW_OBJDUMP x86_64-w64-mingw32-objdump REQUIRED)
install(CODE "
  set(SEARCH \"${SANDTABLE_WINDOWS_PREFIX}/bin;${runtime_dir};${winpthread_dir};/usr/x86_64-w64-mingw32/lib\")
  set(PROGRAMS \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/sandtable.exe\")
  set(DESTINATION \"\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}\")
  set(OBJDUMP \"${MINGW_OBJDUMP}\")
  include(\"${CMAKE_CURRENT_SOURCE_DIR}/windows/install_dlls.cmake\")
")

# DejaVu, as Debian's fonts-dejavu-core installs it on Linux: the faces the maps use.
set(dejavu /usr/share/fonts/truetype/dejavu)
foreach(face DejaVuSans DejaVuSans-Bold DejaVuSans-Oblique DejaVuSans-BoldOblique DejaVuSerif DejaVuSerif-Bold
             DejaVuSerif-Italic DejaVuSerif-BoldItalic)
  if(NOT EXISTS ${dejavu}/${face}.ttf)
    message(FATAL_ERROR "${dejavu}/${face}.ttf is missing: install fonts-dejavu-core")
  endif()
  install(FILES ${dejavu}/${face}.ttf DESTINATION ${sandtable_share}/fonts)
endforeach()

# PROJ's database and grids (GDAL's coordinate systems); PROJ finds them beside its DLL, ../share/proj.
install(DIRECTORY ${SANDTABLE_WINDOWS_PREFIX}/share/proj DESTINATION ${CMAKE_INSTALL_DATADIR})

# Licences: Debian's copyright file of each source package built (the whole statement, with every
# upstream licence in it), upstream's own where Debian's packaging was not in the archive, and
# those of the MinGW runtime, Boost, CLI11, nlohmann-json and DejaVu.
set(licences ${CMAKE_INSTALL_DATADIR}/doc/sandtable/licences)
file(GLOB sources LIST_DIRECTORIES true ${windows_cache}/src/*)
foreach(source IN LISTS sources)
  if(NOT IS_DIRECTORY ${source})
    continue()
  endif()
  get_filename_component(name ${source} NAME)
  set(found "")
  foreach(candidate debian/copyright COPYING LICENSE LICENSE.md LICENSE.TXT)
    if(EXISTS ${source}/${candidate})
      set(found ${source}/${candidate})
      break()
    endif()
  endforeach()
  if(NOT found)
    message(FATAL_ERROR "${source}: no licence file to ship with its build")
  endif()
  install(FILES ${found} DESTINATION ${licences} RENAME ${name}.txt)
endforeach()
foreach(package gcc-mingw-w64-base mingw-w64-common libboost1.74-dev libcli11-dev nlohmann-json3-dev fonts-dejavu-core)
  install(FILES /usr/share/doc/${package}/copyright DESTINATION ${licences} RENAME ${package}.txt)
endforeach()

# The icon, for the installer's pages and anything else that shows the program outside it.
install(FILES ${CMAKE_BINARY_DIR}/editor/windows-icon/sandtable.ico DESTINATION ${sandtable_share})
