#include "pngsizedialog.h"

#include "chartexporter.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>

#include <cmath>

PngSizeDialog::PngSizeDialog(const QSize &size, qreal pixelRatio, int charts, QWidget *parent)
    : QDialog(parent)
    , m_charts(std::max(1, charts))
    , m_width(new QSpinBox(this))
    , m_height(new QSpinBox(this))
    , m_ratio(new QDoubleSpinBox(this))
    , m_result(new QLabel(this))
{
    setWindowTitle(QStringLiteral("PNG Size"));
    for (QSpinBox *box : {m_width, m_height}) {
        box->setRange(16, 20000);
        box->setSuffix(QStringLiteral(" px"));
    }
    m_width->setValue(size.width());
    m_height->setValue(size.height());
    m_ratio->setRange(0.5, 4);
    m_ratio->setSingleStep(0.5);
    m_ratio->setValue(pixelRatio);
    m_result->setObjectName(QStringLiteral("pngFileSize"));
    m_result->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *form = new QFormLayout(this);
    const QString each = m_charts > 1 ? QStringLiteral(" of each chart") : QString();
    form->addRow(QStringLiteral("Width%1:").arg(each), m_width);
    form->addRow(QStringLiteral("Height%1:").arg(each), m_height);
    form->addRow(QStringLiteral("Pixel ratio:"), m_ratio);
    form->addRow(m_result);
    form->addRow(buttons);
    connect(m_width, &QSpinBox::valueChanged, this, &PngSizeDialog::showResult);
    connect(m_height, &QSpinBox::valueChanged, this, &PngSizeDialog::showResult);
    connect(m_ratio, &QDoubleSpinBox::valueChanged, this, &PngSizeDialog::showResult);
    showResult();
}

QSize PngSizeDialog::chosenSize() const
{
    return {m_width->value(), m_height->value()};
}

qreal PngSizeDialog::pixelRatio() const
{
    return m_ratio->value();
}

QSize PngSizeDialog::fileSize() const
{
    return ChartExporter::imageSize(m_charts, chosenSize(), pixelRatio());
}

QString PngSizeDialog::resultText() const
{
    const QSize file = fileSize();
    QString text = QStringLiteral("Writes a PNG of %1 × %2 pixels").arg(file.width()).arg(file.height());
    if (m_charts > 1)
        text += QStringLiteral(" (%1 charts stacked)").arg(m_charts);
    if (pixelRatio() != 1)
        text += QStringLiteral(", drawn at %1× the sizes above").arg(pixelRatio());
    return text + QLatin1Char('.');
}

void PngSizeDialog::showResult()
{
    m_result->setText(resultText());
}
