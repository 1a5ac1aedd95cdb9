#!/usr/bin/env python3
"""Checks the layering rules of docs/architecture.md mechanically.

usage: check-architecture.py SOURCE_DIR [--qt-include DIR] [--rules layers|charts]...
                             [--headless BINARY]...

Rules "layers": models/core/ and runner/ include no Qt header and nothing of
the Qt layers; models/ includes no Qt Widgets or Charts header and nothing of
views/ or app/; each room of models/core/ includes only the rooms
CORE_ROOMS lists for it (docs/architecture.md, "The core's rooms"); views/
includes nothing of app/; in app/gui/ only the window itself, the GUI's
main and the screenshot harness include mainwindow.h (the controllers know
the window through the page stack and signals). Rules "charts": views/charts/ includes nothing of
views/export/. Qt headers are told by name (<Q...>); with --qt-include (the
directory holding QtWidgets/ and QtCharts/) a <QFoo> is matched against the
module that has it. --headless BINARY: the executable needs no Qt Gui,
Widgets or Charts library (readelf -d). Prints each breach as FILE:LINE:
what, and exits 1 when there is one.
"""
import argparse
import os
import re
import subprocess
import sys

# What each room of models/core/ may include besides itself: the base
# (capture types, statistics, JSON) uses only the base; tables, the diff and
# the history build on it in that order; importers and progress read input
# through the base and nothing above it; io/ also holds the loader, the one
# entry point that hands a file to the importers; report/ (a report's
# content and the published page's HTML) shows tables and writes files;
# index/ (the summary index a history reads) loads through io/'s loader;
# store/ (the results store) loads and writes captures through io/ and reads
# its manifest with json/'s checker.
CORE_ROOMS = {
    'capture': {'stats'},
    'stats': {'capture'},
    'json': {'io', 'stats'},
    'io': {'capture', 'stats', 'json', 'tables', 'importers'},
    'tables': {'capture', 'stats'},
    'diff': {'capture', 'stats', 'tables'},
    'history': {'capture', 'stats', 'tables', 'diff'},
    'importers': {'capture', 'stats', 'json', 'io'},
    'progress': {'json'},
    'report': {'capture', 'tables', 'io'},
    'index': {'capture', 'stats', 'io'},
    'page': {'capture', 'tables', 'diff', 'io', 'report'},
    'store': {'capture', 'io', 'json'},
}

# The files of app/gui/ that may include mainwindow.h: the window, and what
# stands above it (the GUI's main, the screenshot harness).
WINDOW_USERS = {'mainwindow.cpp', 'main.cpp', 'screenshotharness.cpp', 'screenshotharness.h'}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def files_under(root, folder):
    for dirpath, _, names in os.walk(os.path.join(root, folder)):
        for name in sorted(names):
            if name.endswith(('.h', '.cpp')):
                yield os.path.join(dirpath, name)


def names_under(root, folder):
    return {os.path.basename(f) for f in files_under(root, folder)}


def module_headers(qt_dir, *modules):
    found = set()
    for module in modules:
        path = os.path.join(qt_dir, module) if qt_dir else ''
        if path and os.path.isdir(path):
            found |= set(os.listdir(path))
    return found


def rules(root, qt_dir, wanted):
    app_layer = names_under(root, 'app')
    gui_layers = names_under(root, 'views') | app_layer
    qt_layers = gui_layers | (names_under(root, 'models') - names_under(root, 'models/core'))
    widgets = module_headers(qt_dir, 'QtWidgets', 'QtCharts')
    export = names_under(root, 'views/export')

    def qt(kind, name):
        return kind == '<' and re.match(r'Q[A-Za-z]', name) is not None

    def own(kind, name, names):
        return kind == '"' and os.path.basename(name) in names

    def widget(kind, name):
        return kind == '<' and (name.split('/')[0] in ('QtWidgets', 'QtCharts') or name in widgets)

    if 'layers' in wanted:
        yield 'models/core', qt, 'Qt header in the Qt-free core'
        yield 'runner', qt, 'Qt header in the runner'
        yield 'models/core', lambda k, n: own(k, n, qt_layers), 'the core includes a Qt layer'
        yield 'runner', lambda k, n: own(k, n, qt_layers), 'the runner includes a Qt layer'
        yield 'models', widget, 'Widgets or Charts header in the item models'
        yield 'models', lambda k, n: own(k, n, gui_layers), 'the item models include views/ or app/'
        yield 'views', lambda k, n: own(k, n, app_layer), 'views/ includes app/ (the app uses the views, not the reverse)'
        yield ('app/gui', lambda k, n: own(k, n, {'mainwindow.h'}),
               'a controller includes the window (it knows it through PageStack and signals)', WINDOW_USERS)
        rooms = {room: names_under(root, 'models/core/' + room) for room in CORE_ROOMS}
        for room, allowed in CORE_ROOMS.items():
            others = set().union(*(names for r, names in rooms.items() if r != room and r not in allowed))
            yield ('models/core/' + room, lambda k, n, others=others: own(k, n, others),
                   f'the core\'s {room}/ includes a room it may not ({", ".join(sorted(allowed))} only)')
    if 'charts' in wanted:
        yield 'views/charts', lambda k, n: own(k, n, export), 'a chart includes views/export (export uses charts, not the reverse)'


def include_breaches(root, qt_dir, wanted):
    for folder, broken, what, *exempt in rules(root, qt_dir, wanted):
        for path in files_under(root, folder):
            if exempt and os.path.basename(path) in exempt[0]:
                continue
            with open(path, encoding='utf-8') as f:
                for number, line in enumerate(f, 1):
                    m = INCLUDE.match(line)
                    if m and broken(m.group(1), m.group(2)):
                        close = '>' if m.group(1) == '<' else '"'
                        yield f'{os.path.relpath(path, root)}:{number}: {what}: #include {m.group(1)}{m.group(2)}{close}'


def link_breaches(binary):
    out = subprocess.run(['readelf', '-d', binary], capture_output=True, text=True, check=True).stdout
    for lib in re.findall(r'\(NEEDED\)\s+Shared library: \[([^\]]+)\]', out):
        if re.match(r'libQt6(Gui|Widgets|Charts|Svg|OpenGL)', lib):
            yield f'{binary}: links {lib}, which a headless command must not need'


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('root')
    parser.add_argument('--qt-include', default='')
    parser.add_argument('--rules', action='append', choices=['layers', 'charts'])
    parser.add_argument('--headless', action='append', default=[])
    args = parser.parse_args()
    if args.qt_include and not os.path.isdir(os.path.join(args.qt_include, 'QtWidgets')):
        parser.error(f'--qt-include {args.qt_include}: no QtWidgets/ there')
    breaches = list(include_breaches(args.root, args.qt_include, args.rules or []))
    for binary in args.headless:
        breaches += list(link_breaches(binary))
    for b in breaches:
        print(b)
    return 1 if breaches else 0


if __name__ == '__main__':
    sys.exit(main())
