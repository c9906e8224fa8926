#include <libxml/xmlwriter.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
