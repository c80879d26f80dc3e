// Placeholder: the importer is being written.
#include "qtosa/Target/TFLite/TFLiteImport.h"
void mlir::qtosa::registerTFLiteImportTranslation() {}
