#pragma once

// A fresh temporary folder for each test function: the test's init() calls
// renew(), so the rows of a data-driven test never see each other's files.
#include "fileio.h"

#include <QTemporaryDir>
#include <QtGlobal>

#include <filesystem>
#include <memory>
#include <string>

class TempFolder {
public:
    void renew() { m_dir = std::make_unique<QTemporaryDir>(); }
    std::string path() const { return m_dir->path().toStdString(); }
    std::string filePath(const QString &name) const { return m_dir->filePath(name).toStdString(); }

    // `bytes` written to `name` (its folders made as needed); its path. A
    // failed write is fatal.
    std::string write(const QString &name, const std::string &bytes) const
    {
        const std::string path = filePath(name);
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        bs::LoadError message;
        if (!bs::FileIO::writeAtomically(path, bytes, message))
            qFatal("cannot write %s: %s", path.c_str(), message.toString().c_str());
        return path;
    }

private:
    std::unique_ptr<QTemporaryDir> m_dir;
};
