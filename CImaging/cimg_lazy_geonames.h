#include "cimg_lazy.h"
extern cimg_lazy_library cimg_lazy_geonames;
