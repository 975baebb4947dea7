// Prints, as JSON, every versification system libsword (VersificationMgr) knows: each book's OSIS
// id and verses per chapter, and where libsword's translateVerse puts each verse in the hub
// system named by argv[1] (only the verses it moves). Built and run by gen-versification.mjs.
#include <versificationmgr.h>
#include <cstdio>
#include <cstring>
using namespace sword;
int main(int argc, char **argv) {
  VersificationMgr *mgr = VersificationMgr::getSystemVersificationMgr();
  const VersificationMgr::System *hub = mgr->getVersificationSystem(argc > 1 ? argv[1] : "KJVA");
  StringList names = mgr->getVersificationSystems();
  printf("{");
  bool firstSys = true;
  for (StringList::const_iterator it = names.begin(); it != names.end(); ++it) {
    const VersificationMgr::System *s = mgr->getVersificationSystem(it->c_str());
    printf("%s\n\"%s\":{\"otBooks\":%d,\"books\":[", firstSys ? "" : ",", s->getName(), s->getBMAX()[0]);
    firstSys = false;
    for (int b = 0; b < s->getBookCount(); b++) {
      const VersificationMgr::Book *book = s->getBook(b);
      printf("%s[\"%s\",\"", b ? "," : "", book->getOSISName());
      for (int c = 1; c <= book->getChapterMax(); c++) printf("%s%d", c > 1 ? "," : "", book->getVerseMax(c));
      printf("\"]");
    }
    printf("],\"moved\":[");
    bool firstMove = true;
    for (int b = 0; b < s->getBookCount(); b++) {
      const VersificationMgr::Book *book = s->getBook(b);
      for (int c = 1; c <= book->getChapterMax(); c++)
        for (int v = 1; v <= book->getVerseMax(c); v++) {
          const char *osis = book->getOSISName();
          int ch = c, vs = v, ve = v;
          s->translateVerse(hub, &osis, &ch, &vs, &ve);
          if (strcmp(osis, book->getOSISName()) || ch != c || vs != v || (ve != v && ve != 0)) {
            printf("%s[\"%s\",%d,%d,\"%s\",%d,%d,%d]", firstMove ? "" : ",", book->getOSISName(), c, v, osis, ch, vs, ve);
            firstMove = false;
          }
        }
    }
    printf("]}");
  }
  printf("}\n");
  return 0;
}
