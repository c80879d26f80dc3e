// Placeholder: the translations are being written.
#include "qtosa/Target/TosaFlatbuffer/TosaFlatbuffer.h"
void mlir::qtosa::registerTosaFlatbufferTranslations() {}
