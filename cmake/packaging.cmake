# Install rules and the Debian package (cpack -G DEB; scripts/package.sh).
# docs/packaging.md describes the layout and how the .deb is checked.

set(BENCHSCOPE_HOMEPAGE "https://github.com/benchscope/benchscope" CACHE STRING
    "Project home page: the .deb's Homepage and the AppStream homepage and screenshot links")
set(BENCHSCOPE_MAINTAINER "Benchscope maintainers <maintainers@benchscope.invalid>" CACHE STRING
    "The .deb's Maintainer field")
# The date of the release project(VERSION) names, for AppStream <releases>.
set(BENCHSCOPE_RELEASE_DATE 2026-12-01)
set(BENCHSCOPE_APPSTREAM_ID io.github.benchscope.Benchscope)

# benchscope finds benchscope-run next to itself (QCoreApplication::applicationDirPath)
# and benchscope-cli finds benchscope-render so, hence one bin directory, as in build/bin.
install(TARGETS benchscope benchscope-cli benchscope-render benchscope-run RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# The desktop files are their own component, so a test can install and validate them alone.
set(res ${PROJECT_SOURCE_DIR}/resources)
install(FILES ${res}/benchscope.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications COMPONENT desktop)
foreach(size 16 32 48 64 128 256)
  install(FILES ${res}/icons/hicolor/${size}x${size}/apps/benchscope.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${size}x${size}/apps COMPONENT desktop)
endforeach()
install(FILES ${res}/icons/benchscope.svg DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
        COMPONENT desktop)
configure_file(${res}/benchscope.metainfo.xml.in
               ${CMAKE_CURRENT_BINARY_DIR}/resources/${BENCHSCOPE_APPSTREAM_ID}.metainfo.xml @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/resources/${BENCHSCOPE_APPSTREAM_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo COMPONENT desktop)
install(FILES ${res}/benchscope-mime.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages RENAME benchscope.xml
        COMPONENT desktop)

install(FILES README.md LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Debian policy 12.5: the licence as share/doc/PACKAGE/copyright.
install(FILES LICENSE DESTINATION ${CMAKE_INSTALL_DOCDIR} RENAME copyright)
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY sample-data/ DESTINATION ${CMAKE_INSTALL_DATADIR}/benchscope/sample-data USE_SOURCE_PERMISSIONS)

set(CPACK_PACKAGE_NAME benchscope)
set(CPACK_PACKAGE_VENDOR "The Benchscope authors")
set(CPACK_PACKAGE_CONTACT "${BENCHSCOPE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop explorer for benchmark results, with a native runner")
set(CPACK_PACKAGE_DESCRIPTION "\
Benchscope opens benchmark captures and the outputs of oha, autocannon, k6,
hyperfine, Google Benchmark and wrk, shows every value with its range across
repetitions, compares two revisions with an honest verdict, and exports
charts, tables and reports. benchscope-run makes new local captures;
benchscope-cli inspects, compares, converts and exports without a display.")
set(CPACK_STRIP_FILES ON)
set(CPACK_GENERATOR DEB)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${BENCHSCOPE_HOMEPAGE}")
# Depends from the shared libraries the binaries link (dpkg-shlibdeps, package dpkg-dev).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
