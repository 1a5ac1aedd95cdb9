#pragma once

#include <QString>

class QLabel;
class QWidget;

// The bold type of the pages' titles and their bars' labels, in one place.
namespace BoldLabel {

// `widget`'s own font made bold, its size times `scale` (a heading's 1.15).
void embolden(QWidget *widget, double scale = 1.0);

QLabel *make(const QString &text, QWidget *parent);

// A bold label whose mnemonic (Alt+letter) focuses `buddy`.
QLabel *forBuddy(const QString &text, QWidget *buddy, QWidget *parent);

} // namespace BoldLabel
