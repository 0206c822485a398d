# What the Windows build adds (included by the top-level CMakeLists.txt when cross-compiling with
# packaging/windows/mingw-toolchain.cmake).
enable_language(RC)

# sandtable_windows_resources(VAR): the compiled-in resources (packaging/windows/sandtable.rc.in)
# with the icon drawn from editor/icons/sandtable.svg at the sizes Windows shows (16 to 256; the
# 256 one kept as PNG inside the .ico, as Windows Vista and later read it).
function(sandtable_windows_resources var)
  find_program(RSVG_CONVERT rsvg-convert REQUIRED) # librsvg2-bin
  find_program(ICOTOOL icotool REQUIRED)           # icoutils
  set(svg ${PROJECT_SOURCE_DIR}/editor/icons/sandtable.svg)
  set(dir ${CMAKE_CURRENT_BINARY_DIR}/windows-icon)
  set(ico ${dir}/sandtable.ico)
  set(pngs "")
  set(draw "")
  foreach(size 16 24 32 48 64 256)
    list(APPEND draw COMMAND ${RSVG_CONVERT} -w ${size} -h ${size} -o ${dir}/${size}.png ${svg})
    if(size EQUAL 256)
      list(APPEND pngs --raw=${dir}/${size}.png)
    else()
      list(APPEND pngs ${dir}/${size}.png)
    endif()
  endforeach()
  add_custom_command(OUTPUT ${ico}
    COMMAND ${CMAKE_COMMAND} -E make_directory ${dir} ${draw}
    COMMAND ${ICOTOOL} -c -o ${ico} ${pngs}
    DEPENDS ${svg} COMMENT "Drawing the Windows icon")
  set(SANDTABLE_ICO ${ico})
  set(rc ${CMAKE_CURRENT_BINARY_DIR}/sandtable.rc)
  configure_file(${PROJECT_SOURCE_DIR}/packaging/windows/sandtable.rc.in ${rc} @ONLY)
  set_source_files_properties(${rc} PROPERTIES OBJECT_DEPENDS ${ico})
  set(${var} ${rc} PARENT_SCOPE)
endfunction()
