// Export of the optimized model: level, `ort` (ONNX Runtime's contrib ops) or `standard` format,
// external data, path. Written by core (temporary file, then rename); the opened model and its
// external data files are never overwritten, another existing file only after a confirmation.
// Shows the equivalent `onnxlens-cli optimize` command, which writes the same bytes. The file
// row, progress, Cancel and the checks before writing: ExportDialog.
#pragma once

#include "api/optimize.h"
#include "widgets/export_dialog.h"

class QCheckBox;
class QComboBox;

namespace onnxlens {
namespace widgets {

class ExportModelDialog : public ExportDialog {
  Q_OBJECT

 public:
  explicit ExportModelDialog(const QString& modelPath, QWidget* parent = nullptr);
  ~ExportModelDialog() override;

  void setLevel(const QString& level);
  void setFormat(const QString& format);
  void setExternalData(bool on);
  /// The options as core's request (what the CLI would be given).
  api::OptimizeRequest request() const;
  /// `onnxlens-cli optimize …` with the same options.
  QString commandLine() const override;

 protected:
  Work work() const override;

 private:
  QComboBox* m_level;
  QComboBox* m_format;
  QCheckBox* m_external;
};

}  // namespace widgets
}  // namespace onnxlens
