// libxml2 for the SVG writer. Debian builds libxml2 with ICU, and its encoding.h then pulls in
// the system's ICU headers, which clash with Foundation's bundled ICU module in any Swift
// module that imports both. We only call xmlTextWriter / xmlBuffer functions and never touch
// xmlCharEncodingHandler (the one struct whose fields depend on this flag), so hiding ICU
// from the headers is safe.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/xmlwriter.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
