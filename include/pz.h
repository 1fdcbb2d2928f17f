/* pz: combinatorial puzzles solved through SAT solvers.
 * The one header users include. The backend contract for backend writers
 * is in <pz/backend.h>. */
#ifndef PZ_H
#define PZ_H

#include "pz/common.h"
#include "pz/cnf.h"
#include "pz/card.h"
#include "pz/solver.h"
#include "pz/enumerate.h"
#include "pz/icnf.h"
#include "pz/puzzle.h"
#include "pz/model.h"
#include "pz/text.h"
#include "pz/kakuro.h"
#include "pz/killer.h"
#include "pz/knightdoku.h"
#include "pz/nondango.h"
#include "pz/futoshiki.h"
#include "pz/starbattle.h"
#include "pz/eulero.h"
#include "pz/generate.h"
#include "pz/kind.h"
#include "pz/variants.h"

#endif
