#include "asynccaptureloader.h"

#include "captureloader.h"

#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>

AsyncCaptureLoader::AsyncCaptureLoader(QObject *parent)
    : QObject(parent)
{
    qRegisterMetaType<std::shared_ptr<const bs::Capture>>();
    qRegisterMetaType<bs::LoadError>();
}

int AsyncCaptureLoader::load(const QString &path)
{
    const int job = m_nextJob++;
    m_pending.insert(job);
    m_paths.insert(job, path);
    ++m_batchTotal;
    auto *watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher, job] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        if (!m_pending.contains(job))
            return; // cancelled: a stale result
        const QString path = m_paths.take(job);
        m_pending.remove(job);
        ++m_batchDone;
        if (outcome.capture)
            emit loaded(job, path, outcome.capture);
        else
            emit failed(job, path, outcome.error);
        finish();
    });
    watcher->setFuture(QtConcurrent::run([path] {
        Outcome outcome;
        if (auto capture = bs::CaptureLoader::load(path.toStdString(), outcome.error))
            outcome.capture = std::make_shared<const bs::Capture>(std::move(*capture));
        return outcome;
    }));
    emit progressChanged(m_batchDone, m_batchTotal, path);
    return job;
}

void AsyncCaptureLoader::finish()
{
    if (m_pending.isEmpty()) {
        m_batchDone = m_batchTotal = 0;
        emit progressChanged(0, 0, QString());
        emit idle();
        return;
    }
    emit progressChanged(m_batchDone, m_batchTotal, m_paths.value(*m_pending.constBegin()));
}

void AsyncCaptureLoader::cancel()
{
    if (m_pending.isEmpty())
        return;
    m_pending.clear();
    m_paths.clear();
    finish();
}
