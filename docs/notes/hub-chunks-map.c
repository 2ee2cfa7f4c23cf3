/* hub-chunks-map.c - docs/notes/hub-chunks.md: the patch's chunk mapping, replayed on the CPU (warp 0's
 * run sums and scan, the binary search), checked to cover every edge of every hub exactly once for
 * 20,000 random lists of up to 1,024 hubs and chunk widths of 192..6,144 edges.
 * cc -O2 -o /tmp/hcm docs/notes/hub-chunks-map.c && /tmp/hcm   (prints ok) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(void){
  srand(1);
  for (int trial=0; trial<20000; trial++){
    unsigned long long nh = rand()%1025, cw = 32ull*(1+rand()%32)*6;
    unsigned long long deg[1025], pre[1026];
    unsigned long long tot=0;
    for (unsigned long long h=0;h<nh;h++){ deg[h]=129+rand()%40000; tot+=deg[h]; pre[h+1]=(deg[h]+cw-1)/cw; }
    /* warp 0: 32 lanes, runs */
    unsigned long long k=(nh+31)/32, sums[32], incl[32];
    for (int l=0;l<32;l++){ unsigned long long lo=l*k, hi=lo+k<nh?lo+k:nh, s=0; for(unsigned long long h=lo;h<hi;h++) s+=pre[h+1]; sums[l]=s; }
    unsigned long long acc=0; for(int l=0;l<32;l++){acc+=sums[l]; incl[l]=acc;}
    for (int l=0;l<32;l++){ unsigned long long lo=l*k, hi=lo+k<nh?lo+k:nh, run=incl[l]-sums[l]; for(unsigned long long h=lo;h<hi;h++){run+=pre[h+1]; pre[h+1]=run;} }
    pre[0]=0;
    unsigned char *seen = calloc(tot?tot:1,1); unsigned long long base[1025]; unsigned long long b=0; for(unsigned long long h=0;h<nh;h++){base[h]=b;b+=deg[h];}
    for (unsigned long long c=0;c<pre[nh];c++){
      unsigned long long lo=0,hi=nh; while(hi-lo>1){unsigned long long mid=(lo+hi)/2; if(pre[mid]<=c) lo=mid; else hi=mid;}
      unsigned long long off=(c-pre[lo])*cw, d=deg[lo]-off, len=d<cw?d:cw;
      if (off>=deg[lo]) {printf("bad off trial %d\n",trial); return 1;}
      for(unsigned long long j=0;j<len;j++){ if(seen[base[lo]+off+j]++){printf("dup\n");return 1;} }
    }
    for(unsigned long long e=0;e<tot;e++) if(!seen[e]){printf("miss trial %d nh %llu\n",trial,nh);return 1;}
    free(seen);
  }
  printf("ok\n"); return 0;
}
