#include "allcaseswidget.h"

#include "allcasesmodel.h"
#include "capturetables.h"
#include "participantcell.h"
#include "participantfilterproxy.h"
#include "plaintooltip.h"
#include "resulttableview.h"
#include "shorttext.h"
#include "valuerangedelegate.h"
#include "wrappinglabel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace {
const QString kMarked = QStringLiteral("@marked");
}

AllCasesWidget::AllCasesWidget(std::shared_ptr<const bs::Capture> capture, QWidget *parent)
    : QWidget(parent)
    , m_capture(std::move(capture))
    , m_model(new AllCasesModel(m_capture, this))
    , m_proxy(new ParticipantFilterProxy(this))
    , m_table(new ResultTableView(this))
    , m_metric(new QComboBox(this))
    , m_baseline(new QComboBox(this))
    , m_ranks(new QCheckBox(QStringLiteral("&Ranks"), this))
    , m_title(new WrappingLabel(this))
    , m_notes(new WrappingLabel(this))
{
    const std::map<std::string, bs::UnitFormat::Scale> scales = bs::CaptureTables::captureScales(*m_capture);
    for (const bs::Metric &m : m_capture->metrics)
        m_metric->addItem(ShortText::elided(bs::CaptureTables::metricTitle(m, scales.at(m.id))),
                          QString::fromStdString(m.id));
    m_metric->setCurrentIndex(m_metric->findData(QString::fromStdString(m_model->metricId())));
    m_metric->setToolTip(QStringLiteral("The metric shown for every case"));

    m_baseline->addItem(QStringLiteral("None"));
    const bool anyMarked = std::any_of(m_capture->participants.begin(), m_capture->participants.end(),
                                       [](const bs::Participant &p) { return p.baseline; });
    if (anyMarked)
        m_baseline->addItem(QStringLiteral("Marked baseline on the same runtime"), kMarked);
    for (const bs::Participant &p : m_capture->participants) {
        m_baseline->addItem(ParticipantCell::label(p, ShortText::elided(p.label)), QString::fromStdString(p.id));
        m_baseline->setItemData(m_baseline->count() - 1, PlainToolTip::of(ParticipantCell::label(p)), Qt::ToolTipRole);
    }
    m_baseline->setToolTip(QStringLiteral("Adds a column per case with each value as a percentage of the baseline's"));
    // Sized for a usual name, not the longest (a command line): the popup
    // shows whole names, a long one is elided in the box.
    for (QComboBox *box : {m_metric, m_baseline}) {
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(box == m_baseline ? 20 : 16);
    }
    // The model starts with the default baseline (bs::TableBaseline::defaultFor).
    if (m_model->baselineMode() == AllCasesModel::BaselineMode::MarkedSameRuntime)
        m_baseline->setCurrentIndex(m_baseline->findData(kMarked));
    m_ranks->setToolTip(QStringLiteral("Show each value's rank in its case (#1 is the best; Alt+R)"));

    m_proxy->setSourceModel(m_model);
    m_table->setModel(m_proxy);

    QFont titleFont = m_title->font();
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setTextFormat(Qt::PlainText); // the capture's names, never read as rich text
    m_notes->setTextFormat(Qt::PlainText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_notes->setStyleSheet(QStringLiteral("color: #5f5f5f;"));

    // Alt+M and Alt+B reach the selectors from anywhere on the tab.
    auto *metricLabel = new QLabel(QStringLiteral("&Metric:"), this);
    metricLabel->setBuddy(m_metric);
    auto *baselineLabel = new QLabel(QStringLiteral("&Baseline:"), this);
    baselineLabel->setBuddy(m_baseline);
    auto *bar = new QHBoxLayout;
    bar->addWidget(metricLabel);
    bar->addWidget(m_metric);
    bar->addSpacing(12);
    bar->addWidget(baselineLabel);
    bar->addWidget(m_baseline);
    bar->addSpacing(12);
    bar->addWidget(m_ranks);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(bar);
    layout->addWidget(m_title);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_notes);

    connect(m_metric, &QComboBox::currentIndexChanged, this, [this] {
        m_model->setMetric(m_metric->currentData().toString().toStdString());
        updateNotes();
        m_table->fitColumns();
    });
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &AllCasesWidget::applyBaseline);
    connect(m_ranks, &QCheckBox::toggled, this, [this](bool on) {
        m_table->valueDelegate()->setShowRanks(on);
        m_table->fitColumns();
        m_table->viewport()->update();
    });
    applyBaseline();
    updateNotes();
}

void AllCasesWidget::applyBaseline()
{
    const QString choice = m_baseline->currentData().toString();
    if (choice.isEmpty())
        m_model->setBaseline(AllCasesModel::BaselineMode::None);
    else if (choice == kMarked)
        m_model->setBaseline(AllCasesModel::BaselineMode::MarkedSameRuntime);
    else
        m_model->setBaseline(AllCasesModel::BaselineMode::Participant, choice.toStdString());
    m_table->fitColumns();
    updateNotes(); // what the ratios rest on follows the baseline
}

void AllCasesWidget::updateNotes()
{
    // The same title and notes the CLI prints under this table.
    const bs::Table &table = m_model->table();
    m_title->setText(ShortText::elided(table.title));
    QStringList notes;
    for (const std::string &n : table.notes)
        notes << ShortText::elided(n);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

QString AllCasesWidget::title() const
{
    return m_title->text();
}
