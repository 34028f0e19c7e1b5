#!/usr/bin/env python3
"""Buckets strength --verbose games by their first N plies up to the 8 board symmetries:
W/D/L, score and points Blue lost per opening class. Usage: opening_buckets.py N LOG..."""
import re,sys,collections
def sq(s): return ("abcd".index(s[0]), int(s[1])-1)
def syms():
    out=[]
    for t in range(8):
        def f(p,t=t):
            x,y=p
            if t&4: x,y=y,x
            if t&1: x=3-x
            if t&2: y=3-y
            return (x,y)
        out.append(f)
    return out
S=syms()
def name(p): return "abcd"[p[0]]+str(p[1]+1)
def canon(moves):
    best=None
    for f in S:
        k=tuple(name(f(sq(m))) for m in moves)
        if best is None or k<best: best=k
    return " ".join(best)
n=int(sys.argv[1]); files=sys.argv[2:]
b=collections.defaultdict(lambda:[0,0,0])
for fn in files:
  for line in open(fn):
    m=re.match(r"game \d+: (\d+)-(\d+) (.*)",line)
    if not m: continue
    bl,ye=int(m[1]),int(m[2]); mv=m[3].split()
    k=canon(mv[:n]); r=b[k]
    if bl>ye: r[0]+=1
    elif bl==ye: r[1]+=1
    else: r[2]+=1
tot=[0,0,0]
for k,r in sorted(b.items(), key=lambda kv:-(kv[1][1]/2+kv[1][2])):
    g=sum(r); print(f"{k:20s} {r[0]:4d}/{r[1]:3d}/{r[2]:3d} {100*(r[0]+r[1]/2)/g:5.1f}% lostpts {r[1]/2+r[2]:5.1f}")
